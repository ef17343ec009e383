import { useId, useState, type FormEvent } from 'react';
import { bracketSections, checkInSummary, participantName, pathFor, startWarning, stationOf, tournamentVerdict, type Tournament, type TournamentActor, type TournamentMatch } from '@sortie/core';
import { BUTTON_CLASS, FIELD_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { ActionButton, type RunAction } from './ActionButton';
import { isCurrent } from './MatchCard';
import { ScoreForm } from './ScoreForm';
import { StationBoard } from './StationBoard';
import { JoinBlock } from '../../components/JoinBlock';

const SMALL = 'rounded-lg border border-line px-2.5 py-1 text-sm hover:bg-white/5 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-accent';

/** The staff's desk: walk-ins, seeding, the start, scores, confirmations, undo, Swiss rounds, disqualification. */
export function StaffPanel({ tournament, actor, run }: { tournament: Tournament; actor: TournamentActor; run: RunAction }) {
  return (
    <section aria-labelledby="staff-title" className="space-y-6 rounded-2xl bg-surface/50 p-4 ring-1 ring-line">
      <h2 id="staff-title" className="text-xl font-bold">
        Arbitrage
      </h2>
      {tournament.joinCode && tournament.status !== 'finished' && (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <JoinBlock code={tournament.joinCode} look="desk" caption={tournament.status === 'registration' && tournament.settings.checkIn ? 'Check-in : « Je suis là »' : 'Scannez pour jouer'} />
          {tournament.status === 'registration' && tournament.settings.checkIn && (
            <a href={`${pathFor('tournamentCheckIn', { id: tournament._id })}?affiche`} target="_blank" rel="noopener" className={SECONDARY_BUTTON_CLASS}>
              Imprimer l’affiche
            </a>
          )}
        </div>
      )}
      {tournament.status === 'registration' ? <Registration tournament={tournament} actor={actor} run={run} /> : <Play tournament={tournament} actor={actor} run={run} />}
    </section>
  );
}

function Registration({ tournament, actor, run }: { tournament: Tournament; actor: TournamentActor; run: RunAction }) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const players = [...tournament.participants].filter((p) => !p.dropped).sort((x, y) => x.seed - y.seed);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const submitted = name.trim();
    if (!submitted) {
      setError('Indiquez le nom du joueur.');
      return;
    }
    // Emptied at once, not when the server answers: the room's update (the new player listed)
    // can arrive before the answer, and a host already typing the next walk-in would lose it.
    setName('');
    setBusy(true);
    const refusal = await run('addParticipant', { name: submitted });
    setBusy(false);
    setError(refusal);
    // Refused: the name comes back to be corrected, unless the host has typed another since.
    if (refusal) setName((typed) => typed || submitted);
  };
  const move = (index: number, by: -1 | 1) => {
    const order = players.map((p) => p.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    return run('seed', { order }).then((refusal) => setError(refusal));
  };
  const canSeed = tournamentVerdict('seed', tournament, actor).allowed;
  const canRemove = tournamentVerdict('removeParticipant', tournament, actor).allowed;
  const canCheckIn = tournamentVerdict('checkIn', tournament, actor).allowed;
  const canUndoCheckIn = tournamentVerdict('undoCheckIn', tournament, actor).allowed;
  const warning = tournament.settings.checkIn ? startWarning(tournament) : null;
  return (
    <>
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-walkin`} className="text-sm font-medium">
            Joueur sur place
          </label>
          <input id={`${id}-walkin`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} className={FIELD_CLASS} />
        </div>
        <button type="submit" className={BUTTON_CLASS} disabled={busy || !tournamentVerdict('addParticipant', tournament, actor).allowed}>
          Ajouter
        </button>
        {error && (
          <p role="alert" className="w-full text-sm text-error">
            {error}
          </p>
        )}
      </form>
      <div>
        <h3 className="font-semibold">Têtes de série ({players.length})</h3>
        {players.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Aucun inscrit pour l’instant.</p>
        ) : (
          <ol className="mt-2 space-y-1" aria-label="Ordre des têtes de série">
            {players.map((p, index) => (
              <li key={p.id} className="flex items-center gap-2 rounded-lg bg-surface px-3 py-1.5 ring-1 ring-line">
                <span className="w-6 text-right text-muted tabular-nums">{index + 1}</span>
                <span className="flex-1 truncate">
                  {p.name}
                  {tournament.settings.checkIn && <span className="ml-2 text-xs text-muted">{p.checkedIn ? 'présent·e' : 'pas encore là'}</span>}
                </span>
                {tournament.settings.checkIn && !p.checkedIn && (
                  <button type="button" className={SMALL} disabled={!canCheckIn} onClick={() => run('checkIn', { participantId: p.id }).then(setError)} aria-label={`Marquer ${p.name} présent·e`}>
                    Présent·e
                  </button>
                )}
                {tournament.settings.checkIn && p.checkedIn && (
                  <button type="button" className={SMALL} disabled={!canUndoCheckIn} onClick={() => run('undoCheckIn', { participantId: p.id }).then(setError)} aria-label={`Annuler la présence de ${p.name}`}>
                    Pas là
                  </button>
                )}
                <button type="button" className={SMALL} disabled={!canSeed || index === 0} onClick={() => move(index, -1)} aria-label={`Monter ${p.name}`}>
                  ↑
                </button>
                <button type="button" className={SMALL} disabled={!canSeed || index === players.length - 1} onClick={() => move(index, 1)} aria-label={`Descendre ${p.name}`}>
                  ↓
                </button>
                <button type="button" className={SMALL} disabled={!canRemove} onClick={() => run('removeParticipant', { participantId: p.id }).then(setError)} aria-label={`Retirer ${p.name}`}>
                  Retirer
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ActionButton action="start" tournament={tournament} actor={actor} run={run}>
          Démarrer le tournoi
        </ActionButton>
        {tournament.settings.checkIn && (
          <p role="status" aria-label="Présences" className="text-sm">
            <strong>{checkInSummary(tournament)}</strong>
            {warning && <span className="ml-2 text-warning">{warning}</span>}
          </p>
        )}
      </div>
    </>
  );
}

function Play({ tournament, actor, run }: { tournament: Tournament; actor: TournamentActor; run: RunAction }) {
  const matches = bracketSections(tournament).flatMap((section) => section.rounds.flatMap((round) => round.matches.map((match) => ({ match, where: `${section.title} — ${round.title}` }))));
  const playing = matches.filter(({ match }) => isCurrent(match));
  const played = matches.filter(({ match }) => match.status === 'done' && match.a !== null && match.b !== null);
  const active = tournament.participants.filter((p) => !p.dropped);
  return (
    <>
      {tournament.format === 'swiss' && tournament.status === 'running' && (
        <ActionButton action="nextRound" tournament={tournament} actor={actor} run={run}>
          Ronde suivante
        </ActionButton>
      )}
      <StationBoard tournament={tournament} />
      <div>
        <h3 className="font-semibold">Matchs à jouer ({playing.length})</h3>
        {playing.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{tournament.status === 'finished' ? 'Le tournoi est terminé.' : 'Aucun match prêt.'}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {playing.map(({ match, where }) => (
              <li key={match.id}>
                <ReadyMatch tournament={tournament} match={match} where={where} actor={actor} run={run} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {played.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold focus-visible:outline-2 focus-visible:outline-accent">Matchs joués ({played.length})</summary>
          <ul className="mt-2 space-y-2">
            {played.map(({ match, where }) => (
              <li key={match.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-surface px-3 py-2 ring-1 ring-line">
                <span className="flex-1 text-sm">
                  <span className="text-muted">{where} : </span>
                  {participantName(tournament, match.a)} {match.scoreA} – {match.scoreB} {participantName(tournament, match.b)}
                  {match.forfeit && ' (forfait)'}
                </span>
                <ActionButton action="undo" params={{ matchId: match.id }} tournament={tournament} actor={actor} run={run} secondary>
                  Rouvrir
                </ActionButton>
              </li>
            ))}
          </ul>
        </details>
      )}
      {tournament.status === 'running' && active.length > 0 && (
        <div>
          <h3 className="font-semibold">Disqualifier</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {active.map((p) => (
              <li key={p.id}>
                <Disqualify tournament={tournament} participantId={p.id} name={p.name} actor={actor} run={run} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function ReadyMatch({ tournament, match, where, actor, run }: { tournament: Tournament; match: TournamentMatch; where: string; actor: TournamentActor; run: RunAction }) {
  const a = participantName(tournament, match.a);
  const b = participantName(tournament, match.b);
  const reported = match.scoreA !== null && !match.confirmed;
  return (
    <div role="group" aria-label={`${a} contre ${b}`} className="rounded-xl bg-surface p-3 ring-1 ring-primary/60">
      <p className="text-xs text-muted">
        {where}
        {stationOf(match) && <strong className="ml-2 text-accent">{stationOf(match)}</strong>}
      </p>
      <p className="font-semibold">
        {a} contre {b}
      </p>
      {reported && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm">
            Score saisi par {participantName(tournament, match.reportedBy ?? null)} : {match.scoreA} – {match.scoreB}
          </p>
          <ActionButton action="confirmScore" params={{ matchId: match.id }} tournament={tournament} actor={actor} run={run}>
            Confirmer
          </ActionButton>
        </div>
      )}
      <div className="mt-2">
        <ScoreForm compact first={a} second={b} submitLabel={reported ? 'Corriger le score' : 'Valider le score'} onSubmit={(x, y) => run('reportScore', { matchId: match.id, scoreA: x, scoreB: y })} />
      </div>
    </div>
  );
}

function Disqualify({ tournament, participantId, name, actor, run }: { tournament: Tournament; participantId: string; name: string; actor: TournamentActor; run: RunAction }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={SMALL} onClick={() => setAsking(true)} disabled={!tournamentVerdict('disqualify', tournament, actor).allowed}>
        {name}
      </button>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2 rounded-lg bg-error/10 px-2 py-1 ring-1 ring-error/40">
      <ActionButton action="disqualify" params={{ participantId }} tournament={tournament} actor={actor} run={run} onDone={() => setAsking(false)}>
        {`Disqualifier ${name}`}
      </ActionButton>
      <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setAsking(false)}>
        Annuler
      </button>
    </span>
  );
}
