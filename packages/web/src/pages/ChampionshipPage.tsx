import { Link } from 'wouter';
import { championshipStandings, pathFor, TOURNAMENT_STATUS_LABELS, type Championship, type Tournament } from '@sortie/core';
import type { QueryState } from '../data/useApiQuery';
import { usePageTitle } from '../components/usePageTitle';
import { EmptyState, ErrorNotice, QueryView, Skeleton } from '../data/QueryView';
import { useChampionship, useEvent, useTournaments } from '../data/championships';
import type { PageProps } from './types';

/** Core's label, capitalised as it opens a line here. */
const statusLabel = (status: Tournament['status']) => TOURNAMENT_STATUS_LABELS[status].charAt(0).toUpperCase() + TOURNAMENT_STATUS_LABELS[status].slice(1);

/** /events/{id}/championship/{championshipId}: the standings and the tournaments that feed them. */
export default function ChampionshipPage({ params }: PageProps) {
  const eventId = params['id'] ?? '';
  const championshipId = params['championshipId'] ?? '';
  const championship = useChampionship(championshipId);
  const event = useEvent(eventId);
  const data = championship.status === 'success' ? championship.data : null;
  usePageTitle(data?.name ?? 'Championnat');
  const mismatch = data !== null && data.eventId !== eventId;

  return (
    <section className="mx-auto max-w-4xl px-4 py-8" aria-labelledby="page-title">
      {event.status === 'success' && (
        <p className="text-sm text-muted">
          <Link href={pathFor('event', { id: eventId })} className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary">
            ← {event.data.title}
          </Link>
        </p>
      )}
      <h1 id="page-title" className="mt-1 text-3xl font-bold tracking-tight">
        {data?.name ?? 'Championnat'}
      </h1>
      {championship.status === 'loading' && <Skeleton lines={5} label="Chargement du championnat…" />}
      {championship.status === 'error' && (
        <div className="mt-4">
          <ErrorNotice error={championship.error} onRetry={championship.reload} />
        </div>
      )}
      {mismatch && (
        <p role="alert" className="mt-4 rounded-lg bg-surface p-4">
          Ce championnat n’appartient pas à cet événement.
        </p>
      )}
      {data && !mismatch && (
        <>
          <ChampionshipBody championship={data} />
        </>
      )}
    </section>
  );
}

/** The points table, computed from the final ranks of the championship's tournaments, then the tournaments. */
function ChampionshipBody({ championship }: { championship: Championship }) {
  const ids = championship.tournamentIds;
  const tournaments = useTournaments(ids);
  const found = tournaments.status === 'success' ? tournaments.data.filter((t): t is Tournament => t !== null) : [];
  const rows = championshipStandings(championship.scoring, found);
  const finished = found.filter((t) => t.status === 'finished').length;
  return (
    <>
      <section className="mt-6" aria-labelledby="standings-title">
        <h2 id="standings-title" className="text-xl font-bold">
          Classement
        </h2>
        {tournaments.status === 'loading' ? (
          <Skeleton lines={4} label="Calcul du classement…" />
        ) : rows.length === 0 ? (
          <div className="mt-3">
            <EmptyState>Aucun point marqué pour l’instant : le classement s’affichera après le premier tournoi.</EmptyState>
          </div>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-2xl ring-1 ring-line">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Classement du championnat</caption>
              <thead className="bg-surface text-muted">
                <tr>
                  <th scope="col" className="px-4 py-2">Rang</th>
                  <th scope="col" className="px-4 py-2">Participant</th>
                  <th scope="col" className="px-4 py-2 text-right">Points</th>
                  <th scope="col" className="px-4 py-2 text-right">Tournois</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.participant}:${index}`} className="border-t border-line">
                    <td className="px-4 py-2 font-semibold">{index + 1}</td>
                    <th scope="row" className="px-4 py-2 font-medium">{row.participant}</th>
                    <td className="px-4 py-2 text-right">{row.points}</td>
                    <td className="px-4 py-2 text-right">{row.tournaments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {championship.scoring.length > 0 && (
          <p className="mt-2 text-sm text-muted">
            Barème : {championship.scoring.map((points, rank) => `${rank === 0 ? '1er' : `${rank + 1}e`} ${points} pt${points > 1 ? 's' : ''}`).join(', ')}.
          </p>
        )}
        {tournaments.status === 'success' && ids.length > 0 && (
          <p className="mt-1 text-sm text-muted">
            {finished} tournoi{finished > 1 ? 's' : ''} terminé{finished > 1 ? 's' : ''} sur {ids.length}.
          </p>
        )}
      </section>
      <Tournaments query={tournaments} />
    </>
  );
}

function Tournaments({ query: tournaments }: { query: QueryState<Array<Tournament | null>> & { reload: () => void } }) {
  return (
    <section className="mt-8" aria-labelledby="tournaments-title">
      <h2 id="tournaments-title" className="text-xl font-bold">
        Tournois
      </h2>
      <div className="mt-3">
        <QueryView query={tournaments}>
          {(list) => {
            const found = list.filter((t): t is Tournament => t !== null);
            if (found.length === 0) return <EmptyState>Aucun tournoi n’est encore rattaché à ce championnat.</EmptyState>;
            return (
              <ul className="grid gap-3 sm:grid-cols-2">
                {found.map((tournament) => (
                  <li key={tournament._id} className="relative rounded-2xl bg-surface p-4 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary">
                    <h3 className="font-semibold">
                      <Link href={pathFor('tournament', { id: tournament._id })} className="after:absolute after:inset-0 focus-visible:outline-none">
                        {tournament.name}
                      </Link>
                    </h3>
                    <p className="mt-1 text-sm text-muted">
                      {tournament.game} · {statusLabel(tournament.status)} · {tournament.participants.length} participant{tournament.participants.length > 1 ? 's' : ''}
                    </p>
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
