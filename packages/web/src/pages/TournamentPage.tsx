import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { participantOfUser, pathFor, SessionService, showsStandings, type Tournament } from '@sortie/core';
import { usePageTitle } from '../components/usePageTitle';
import { LINK_CLASS, PageSkeleton } from '../components/ui';
import { useUseCase } from '../services/container-context';
import { PlayerPanel } from '../features/tournaments/PlayerPanel';
import { StaffPanel } from '../features/tournaments/StaffPanel';
import { TournamentBoard } from '../features/tournaments/TournamentBoard';
import { formatText, participantCount, statusText, tournamentErrorMessage } from '../components/tournament-text';
import { useLiveTournament, type LiveTournamentApi } from '../features/tournaments/useLiveTournament';
import { LiveView, OfflineNotice } from '../data/LiveView';
import type { PageProps } from './types';

/** /tournaments/{id}, on a player's phone: join, my next match, my score, the bracket or the standings, live. */
export default function TournamentPage({ params }: PageProps) {
  const id = params['id']!;
  const live = useLiveTournament(id);
  const session = useUseCase(SessionService);
  const { status: sessionStatus } = useSnapshot(session.state);
  const { state } = live;
  usePageTitle(state.status === 'success' ? state.tournament.name : 'Tournoi');
  return (
    <LiveView live={live} offlineNotice={false} loading="Chargement du tournoi…" skeleton={<PageSkeleton label="Chargement du tournoi…" />} errorMessage={tournamentErrorMessage} heading="Tournoi">
      {({ tournament }) => <TournamentView id={id} tournament={tournament} live={live} sessionKnown={sessionStatus !== 'unknown'} />}
    </LiveView>
  );
}

function TournamentView({ id, tournament: t, live: { actor, run, online }, sessionKnown }: { id: string; tournament: Tournament; live: LiveTournamentApi; sessionKnown: boolean }) {
  const me = actor ? participantOfUser(t, actor.id) : undefined;
  const winner = t.winnerId ? t.participants.find((p) => p.id === t.winnerId)?.name : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="page-title">
      {t.eventId && (
        <p className="text-sm">
          <Link href={pathFor('event', { id: t.eventId })} className={LINK_CLASS}>
            ← L’événement
          </Link>
        </p>
      )}
      <h1 id="page-title" className="mt-1 text-3xl font-bold tracking-tight break-words">
        {t.name}
      </h1>
      <p className="mt-1 text-muted">
        {t.game} · {formatText(t.format)}
      </p>
      <p className="mt-1">
        <span className="rounded-full bg-surface px-3 py-0.5 text-sm font-semibold ring-1 ring-line">{statusText(t.status)}</span>
        <span className="ml-2 text-sm text-muted">{participantCount(t)}</span>
      </p>
      <OfflineNotice online={online} className="mt-3" />
      {winner && <p className="mt-4 text-xl font-bold text-accent">Vainqueur : {winner}</p>}

      <PlayerPanel tournament={t} actor={actor} run={run} sessionKnown={sessionKnown} />

      <section className="mt-8" aria-labelledby="board-title">
        <h2 id="board-title" className="text-xl font-bold">
          {t.status === 'registration' ? 'Inscrits' : showsStandings(t) ? 'Classement' : 'Tableau'}
        </h2>
        <div className="mt-3">
          {t.status === 'registration' ? (
            t.participants.length === 0 ? (
              <p className="text-muted">Personne n’est encore inscrit.</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {t.participants.map((p) => (
                  <li key={p.id} className={`rounded-full px-3 py-1 text-sm ring-1 ${p.id === me?.id ? 'bg-accent/15 ring-accent' : 'bg-surface ring-line'}`}>
                    {p.name}
                  </li>
                ))}
              </ul>
            )
          ) : (
            <TournamentBoard tournament={t} highlightFor={me?.id ?? null} />
          )}
        </div>
      </section>

      {actor?.staff && (
        <div className="mt-8">
          <StaffPanel tournament={t} actor={actor} run={run} />
        </div>
      )}
      <p className="mt-8 text-sm">
        <Link href={pathFor('tournamentScreen', { id })} className={LINK_CLASS}>
          Ouvrir l’écran de la salle
        </Link>
      </p>
    </section>
  );
}
