import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { checkInSummary, joinCodeUrl, NavigatorPort, participantOfUser, pathFor, SessionService, shortJoinAddress, type Tournament, type TournamentParticipant } from '@sortie/core';
import { BUTTON_CLASS, PageSkeleton } from '../components/ui';
import { usePageTitle } from '../components/usePageTitle';
import { QrImage } from '../components/QrImage';
import { useUseCase } from '../services/container-context';
import { tournamentErrorMessage } from '../components/tournament-text';
import { useLiveTournament, type LiveTournamentApi } from '../features/tournaments/useLiveTournament';
import { usePublicOrigin } from '../components/JoinBlock';
import { LiveView } from '../data/LiveView';
import type { PageProps } from './types';

/**
 * /tournaments/{id}/checkIn (issue 32), where the check-in QR code leads: a registered player
 * says « Je suis là ». Signed in and registered, they check themselves in; a walk-in without an
 * account picks their name among the registered players not yet present (a bar trusts its
 * guests: a name already present cannot be taken twice, and staff undo a mistake). Without a
 * check-in under way (check-in off, or the tournament started), it goes on to the tournament's
 * page. `?affiche`: the poster staff print for the door.
 */
export default function TournamentCheckInPage({ params }: PageProps) {
  const id = params['id']!;
  const poster = new URLSearchParams(useSearch()).has('affiche');
  const live = useLiveTournament(id);
  const { state } = live;
  usePageTitle(state.status === 'success' ? `${state.tournament.name} — ${poster ? 'affiche du check-in' : 'check-in'}` : 'Check-in du tournoi');
  return (
    <LiveView live={live} loading="Chargement du tournoi…" skeleton={<PageSkeleton label="Chargement du tournoi…" />} errorMessage={tournamentErrorMessage} heading="Check-in du tournoi">
      {({ tournament }) => (poster ? <Poster tournament={tournament} /> : <Door id={id} tournament={tournament} live={live} />)}
    </LiveView>
  );
}

const checkInOpen = (t: Tournament) => t.status === 'registration' && t.settings.checkIn;

function Door({ id, tournament: t, live: { actor, run } }: { id: string; tournament: Tournament; live: LiveTournamentApi }) {
  const navigator = useUseCase(NavigatorPort);
  const session = useUseCase(SessionService);
  const { status: sessionStatus } = useSnapshot(session.state);
  const open = checkInOpen(t);
  // The name this phone took: what it says once the server has it.
  const [mine, setMine] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // No check-in under way: the tournament's own page (register, or follow one's matches). Not once this phone has checked in.
    if (!open && !mine) navigator.navigate(pathFor('tournament', { id }), { replace: true });
  }, [open, mine, navigator, id]);

  const me = actor ? participantOfUser(t, actor.id) : undefined;
  const took = mine ? t.participants.find((p) => p.id === mine) : undefined;
  const present = (took?.checkedIn ? took : undefined) ?? (me?.checkedIn ? me : undefined);
  const waiting = t.participants.filter((p) => !p.dropped && !p.checkedIn);

  const claim = async (participant: TournamentParticipant | undefined) => {
    setBusy(true);
    setError(null);
    const refusal = participant ? await run('walkInCheckIn', { participantId: participant.id }) : await run('checkIn');
    setBusy(false);
    if (refusal) setError(refusal);
    else setMine(participant?.id ?? me?.id ?? null);
  };

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-5 px-5 py-8" data-screen="tournament-check-in">
      <div>
        <p className="text-lg text-muted">Check-in</p>
        <h1 id="page-title" className="text-3xl font-extrabold tracking-tight break-words">
          {t.name}
        </h1>
        <p role="status" aria-label="Présences" className="mt-1 text-muted">
          {checkInSummary(t)}
        </p>
      </div>
      {!open && !present ? (
        <p className="text-lg">Le check-in n’est pas ouvert : redirection vers la page du tournoi…</p>
      ) : present ? (
        <p role="status" className="rounded-2xl bg-accent/15 p-5 text-2xl font-bold">
          C’est noté, {present.name} : vous êtes là. Bon tournoi !
        </p>
      ) : me ? (
        <>
          <p className="text-xl">
            Vous êtes inscrit·e sous le nom <strong>{me.name}</strong>.
          </p>
          <button type="button" className={`${BUTTON_CLASS} py-5 text-3xl`} disabled={busy} onClick={() => void claim(undefined)}>
            Je suis là
          </button>
        </>
      ) : waiting.length === 0 ? (
        <p className="text-xl">Tous les inscrits sont déjà là. Votre nom n’y est pas ? Voyez l’équipe à l’accueil.</p>
      ) : (
        <>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-xl font-semibold">Choisissez votre nom</legend>
            {waiting.map((p) => (
              <label key={p.id} className={`flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 text-2xl ring-2 ${chosen === p.id ? 'bg-accent/15 ring-accent' : 'bg-surface ring-line'}`}>
                <input type="radio" name="participant" value={p.id} checked={chosen === p.id} onChange={() => setChosen(p.id)} className="size-6 accent-[var(--color-accent)]" />
                {p.name}
              </label>
            ))}
          </fieldset>
          <button type="button" className={`${BUTTON_CLASS} py-5 text-3xl`} disabled={busy || !chosen} onClick={() => void claim(waiting.find((p) => p.id === chosen))}>
            Je suis là
          </button>
          <p className="text-muted">
            {sessionStatus === 'authenticated' ? 'Votre nom n’y est pas ? Voyez l’équipe à l’accueil.' : 'Votre nom n’y est pas ? Voyez l’équipe à l’accueil. Inscrit·e avec un compte ? Connectez-vous, puis revenez ici.'}
          </p>
        </>
      )}
      {error && (
        <p role="alert" className="text-lg text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The door's poster (`?affiche`), to print from the desk: the check-in QR code, the short address and the code. */
function Poster({ tournament: t }: { tournament: Tournament }) {
  const origin = usePublicOrigin();
  const code = t.joinCode && t.status !== 'finished' ? t.joinCode : null;
  const url = code ? joinCodeUrl(origin, code) : new URL(pathFor('tournamentCheckIn', { id: t._id }), origin).href;
  return (
    <div className="min-h-dvh bg-white p-10 text-center text-black print:p-0" data-screen="tournament-poster">
      <button type="button" onClick={() => window.print()} className={`${BUTTON_CLASS} print:hidden`}>
        Imprimer
      </button>
      <h1 className="mt-6 text-5xl font-extrabold break-words">{t.name}</h1>
      <p className="mt-4 text-3xl">Inscrit·e ? En arrivant, scannez et touchez « Je suis là ».</p>
      <div className="mt-8 flex justify-center">
        <QrImage url={url} size={420} />
      </div>
      {code && (
        <>
          <p className="mt-8 text-2xl">Sans QR code : allez sur</p>
          <p className="text-5xl font-bold [overflow-wrap:anywhere]">{shortJoinAddress(origin)}</p>
          <p className="mt-4 text-2xl">et tapez le code</p>
          <p aria-label="Code du tournoi" className="font-mono text-8xl font-extrabold tabular-nums">
            {code.slice(0, 3)}
            <span className="ml-[0.3em]">{code.slice(3)}</span>
          </p>
        </>
      )}
    </div>
  );
}
