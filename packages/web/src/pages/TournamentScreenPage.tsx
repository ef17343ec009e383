import { NavigatorPort, pathFor, showsStandings, type Tournament } from '@sortie/core';
import { LiveView, OfflineNotice } from '../data/LiveView';
import { usePageTitle } from '../components/usePageTitle';
import { useUseCase } from '../services/container-context';
import { FitToScreen } from '../features/tournaments/FitToScreen';
import { QrImage } from '../components/QrImage';
import { TournamentBoard } from '../features/tournaments/TournamentBoard';
import { ScreenBracket } from '../features/tournaments/ScreenBracket';
import { JoinBlock } from '../components/JoinBlock';
import { StationBoard } from '../features/tournaments/StationBoard';
import { formatText, participantCount, statusText, tournamentErrorMessage } from '../components/tournament-text';
import { useLiveTournament } from '../features/tournaments/useLiveTournament';
import type { PageProps } from './types';

/**
 * /tournaments/{id}/screen, on the venue's TV or projector: dark, large type, no scrolling,
 * the bracket (in parts, in turn, when too big to read whole) or the standings, the matches
 * being played highlighted, a QR code to join.
 * It follows the socket's updates and comes back by itself after a server restart.
 */
export default function TournamentScreenPage({ params }: PageProps) {
  const id = params['id']!;
  const { state, online } = useLiveTournament(id);
  const navigator = useUseCase(NavigatorPort);
  // Once the tournament is over (no live code), the QR code still leads to its results.
  const joinUrl = new URL(pathFor('tournament', { id }), navigator.currentUrl()).href;
  usePageTitle(state.status === 'success' ? `${state.tournament.name} — écran` : 'Écran du tournoi');

  return (
    <div className="flex h-dvh w-screen flex-col overflow-hidden bg-black p-[min(1.5rem,3vh)] text-white" data-screen="tournament">
      <LiveView live={{ state, online }} look="screen" offlineNotice={false} loading="Chargement du tournoi…" errorMessage={tournamentErrorMessage} heading="Écran du tournoi" hint="Nouvel essai à la reconnexion du serveur.">
        {({ tournament }) => <Screen tournament={tournament} online={online} joinUrl={joinUrl} />}
      </LiveView>
    </div>
  );
}

function Screen({ tournament, online, joinUrl }: { tournament: Tournament; online: boolean; joinUrl: string }) {
  // A tournament's /j code while registration is open or it runs (issue 32): the join block, no id on screen.
  const live = Boolean(tournament.joinCode) && tournament.status !== 'finished';
  return (
    // The side column runs the screen's whole height, so that the join block stays whole at 200 % text size (issue 32).
    <div className="flex min-h-0 flex-1 gap-8">
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="shrink-0">
          <h1 className="truncate font-extrabold tracking-tight" style={{ fontSize: 'min(3.75rem, 8vh)' }}>
            {tournament.name}
          </h1>
          <p className="mt-2 truncate text-muted" style={{ fontSize: 'min(1.875rem, 4.5vh)' }}>
            {tournament.game} · {formatText(tournament.format)} · {statusText(tournament.status)} · {participantCount(tournament)}
          </p>
          <OfflineNotice online={online} look="screen" className="mt-3" />
        </header>
        <StationBoard tournament={tournament} size="screen" />
        {tournament.status === 'registration' ? (
          <FitToScreen className="mt-6 min-h-0 min-w-0 flex-1">
            <ul className="grid grid-cols-4 gap-4 text-4xl" aria-label="Inscrits">
              {tournament.participants.map((p) => (
                <li key={p.id} className="rounded-xl bg-surface px-5 py-3">
                  {p.name}
                </li>
              ))}
            </ul>
          </FitToScreen>
        ) : showsStandings(tournament) ? (
          <FitToScreen className="mt-6 min-h-0 min-w-0 flex-1">
            <TournamentBoard tournament={tournament} size="screen" />
          </FitToScreen>
        ) : (
          <ScreenBracket tournament={tournament} className="mt-6 min-w-0 flex-1" />
        )}
      </div>
      <aside className={`flex shrink-0 flex-col items-center justify-between gap-6 text-center ${live ? 'w-[min(24rem,30vw)]' : 'w-56'}`}>
        {tournament.winnerId ? (
          <p className="text-4xl font-bold text-accent">
            <span className="block text-2xl text-muted">Vainqueur</span>
            {tournament.participants.find((p) => p.id === tournament.winnerId)?.name}
          </p>
        ) : (
          <span />
        )}
        {live ? (
          <JoinBlock code={tournament.joinCode!} look="side" caption={tournament.status !== 'registration' ? 'Scannez pour suivre vos matchs' : tournament.settings.checkIn ? 'Scannez en arrivant : « Je suis là »' : 'Scannez pour vous inscrire'} />
        ) : (
          <figure className="flex flex-col items-center gap-2">
            <QrImage url={joinUrl} size={200} />
            <figcaption className="text-xl text-muted">{tournament.status === 'registration' ? 'Scannez pour vous inscrire' : 'Scannez pour suivre vos matchs'}</figcaption>
          </figure>
        )}
      </aside>
    </div>
  );
}
