import { useId, useState, type FormEvent } from 'react';
import { awaitsConfirmationFrom, elide, myNextMatch, participantName, participantOfUser, stationOf, tournamentEngine, tournamentVerdict, type Tournament, type TournamentActor } from '@sortie/core';
import { BUTTON_CLASS, FIELD_CLASS, Notice, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { usePushPrompt, useSignInDialog } from '../../services/ui-context';
import { ActionButton, type RunAction } from './ActionButton';
import { ScoreForm } from './ScoreForm';
import { useMatchCallouts } from './useMatchCallouts';

/** What a visitor does on their phone: sign in, join, check in, see their match, report and confirm its score. */
export function PlayerPanel({ tournament, actor, run, sessionKnown }: { tournament: Tournament; actor: TournamentActor | null; run: RunAction; sessionKnown: boolean }) {
  const signInDialog = useSignInDialog();
  if (!actor) {
    if (!sessionKnown) return null;
    if (tournament.status === 'finished') return null;
    return (
      <Notice>
        <p>{tournament.status === 'registration' ? 'Connectez-vous pour vous inscrire et saisir vos scores.' : 'Vous jouez ? Connectez-vous pour voir votre prochain match et saisir vos scores.'}</p>
        <button type="button" className={`${BUTTON_CLASS} mt-3`} onClick={() => signInDialog.open('signIn')}>
          Se connecter
        </button>
      </Notice>
    );
  }
  const me = participantOfUser(tournament, actor.id);
  if (!me) {
    if (tournament.status !== 'registration') return null;
    return <JoinForm tournament={tournament} actor={actor} run={run} />;
  }
  return (
    <section aria-labelledby="me-title" className="mt-6 rounded-2xl bg-surface p-4 ring-1 ring-line">
      <h2 id="me-title" className="text-xl font-bold">
        Ma participation
      </h2>
      <p className="mt-1">
        Inscrit·e sous le nom <strong>{me.name}</strong>
        {me.dropped ? ' — hors course.' : me.checkedIn ? ' — présence confirmée.' : '.'}
      </p>
      {tournament.status === 'registration' && (
        <div className="mt-3 flex flex-wrap gap-3">
          {tournament.settings.checkIn && !me.checkedIn && (
            <ActionButton action="checkIn" tournament={tournament} actor={actor} run={run}>
              Je suis présent·e
            </ActionButton>
          )}
          <ActionButton action="leave" tournament={tournament} actor={actor} run={run} secondary>
            Me désinscrire
          </ActionButton>
        </div>
      )}
      {tournament.status === 'running' && <MyMatch tournament={tournament} actor={actor} run={run} />}
      {tournament.status === 'finished' && tournament.winnerId === me.id && <p className="mt-2 text-lg font-bold text-accent">Vous avez gagné le tournoi, bravo !</p>}
    </section>
  );
}

function JoinForm({ tournament, actor, run }: { tournament: Tournament; actor: TournamentActor; run: RunAction }) {
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verdict = tournamentVerdict('join', tournament, actor);
  const pushPrompt = usePushPrompt();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const refusal = await run('join', name.trim() ? { name: name.trim() } : {});
    setBusy(false);
    setError(refusal);
    // Registered: the call of their match, with its table, could reach this phone (issue 33).
    if (!refusal) pushPrompt.offer('tournament');
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl bg-surface p-4 ring-1 ring-line">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        S’inscrire
      </h2>
      <label htmlFor={`${id}-name`} className="mt-3 block text-sm font-medium">
        Pseudo (facultatif)
      </label>
      <input id={`${id}-name`} value={name} maxLength={80} placeholder={actor.name} onChange={(e) => setName(e.target.value)} className={FIELD_CLASS} />
      <button type="submit" className={`${BUTTON_CLASS} mt-3`} disabled={busy || !verdict.allowed} aria-describedby={verdict.allowed ? undefined : `${id}-why`}>
        Je m’inscris
      </button>
      {!verdict.allowed && (
        <p id={`${id}-why`} className="mt-2 text-sm text-muted">
          {verdict.reason}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The Swiss round being drawn for a player who has played theirs, or null when no round is to
 * come (another format, the last round played, or out of the tournament).
 */
function roundInPreparation(tournament: Tournament, participantId: string): number | null {
  if (tournament.format !== 'swiss' || tournament.status !== 'running') return null;
  if (tournament.participants.find((p) => p.id === participantId)?.dropped) return null;
  return tournamentEngine.swissRoundToDraw(tournament);
}

function MyMatch({ tournament, actor, run }: { tournament: Tournament; actor: TournamentActor; run: RunAction }) {
  const [correcting, setCorrecting] = useState(false);
  const callouts = useMatchCallouts(tournament);
  const next = myNextMatch(tournament, actor.id);
  if (!next) {
    const me = participantOfUser(tournament, actor.id);
    const round = me ? roundInPreparation(tournament, me.id) : null;
    return <p className="mt-3 text-muted">{round === null ? 'Vous n’avez plus de match à jouer.' : `La ronde ${round} se prépare.`}</p>;
  }
  const { match, me, opponentId } = next;
  const opponent = participantName(tournament, opponentId);
  const iAmA = match.a === me.id;
  const callout = callouts.get(match.id);
  const calledTo = stationOf(match);
  if (match.status !== 'ready' || opponentId === null)
    return (
      <p className="mt-3">
        Prochain match contre <strong>{opponent}</strong> : en attente de la fin des matchs précédents{callout ? `, début prévu ${callout}` : ''}.
      </p>
    );
  const mine = iAmA ? match.scoreA : match.scoreB;
  const theirs = iAmA ? match.scoreB : match.scoreA;
  // A walk-in has no account, so no phone to confirm on: the staff confirm for them.
  const opponentHasAccount = Boolean(tournament.participants.find((p) => p.id === opponentId)?.userId);
  return (
    <div className="mt-3" aria-live="polite">
      <p className="text-lg">
        Votre match : contre <strong>{opponent}</strong>
      </p>
      {match.scoreA === null &&
        callout &&
        (calledTo ? (
          <p className="mt-1 text-2xl font-bold text-accent">Rendez-vous : {calledTo}</p>
        ) : (
          <p className="mt-1 font-semibold">Début prévu {callout}, dès qu’un poste se libère.</p>
        ))}
      {awaitsConfirmationFrom(match, me.id) ? (
        <div className="mt-3 rounded-xl bg-primary/10 p-3 ring-1 ring-primary">
          <p>
            {opponent} a saisi le score : vous {mine} – {theirs} {opponent}.
          </p>
          <div className="mt-2">
            <ActionButton action="confirmScore" params={{ matchId: match.id }} tournament={tournament} actor={actor} run={run}>
              Confirmer le score
            </ActionButton>
          </div>
          <p className="mt-2 text-sm text-muted">Score faux ? Appelez l’équipe.</p>
        </div>
      ) : match.scoreA !== null && !match.confirmed && !correcting ? (
        <div className="mt-3 rounded-xl bg-surface p-3 ring-1 ring-line">
          <p role="status">
            Score saisi : vous {mine} – {theirs} {opponent}. {opponentHasAccount ? `En attente de la confirmation ${elide(opponent)}.` : 'L’équipe va confirmer.'}
          </p>
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} mt-2`} onClick={() => setCorrecting(true)}>
            Corriger mon score
          </button>
        </div>
      ) : (
        <ScoreForm
          first="Mon score"
          second={`Score ${elide(opponent)}`}
          submitLabel="Envoyer le score"
          onSubmit={async (x, y) => {
            const refusal = await run('reportScore', { matchId: match.id, scoreA: iAmA ? x : y, scoreB: iAmA ? y : x });
            if (!refusal) setCorrecting(false);
            return refusal;
          }}
        />
      )}
    </div>
  );
}
