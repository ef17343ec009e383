import { Link } from 'wouter';
import { pathFor } from '@sortie/core';
import { useQuery } from '../../data/useQuery';
import { eventTournamentsQuery } from './api/get-event-tournaments';
import { formatText, participantCount, statusText } from './tournament-text';

/** The event's tournaments, each linking to its page; nothing at all when the event has none. */
export function EventTournaments({ eventId }: { eventId: string }) {
  const query = useQuery(eventTournamentsQuery(eventId));
  if (query.status !== 'success' || query.data.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="tournaments-title">
      <h2 id="tournaments-title" className="text-xl font-bold">
        Tournois
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {query.data.map((tournament) => (
          <li key={tournament._id} className="relative rounded-2xl bg-surface p-4 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary">
            <h3 className="font-semibold">
              <Link href={pathFor('tournament', { id: tournament._id })} className="after:absolute after:inset-0 focus-visible:outline-none">
                {tournament.name}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-muted">
              {tournament.game} · {formatText(tournament.format)}
            </p>
            <p className="mt-1 text-sm">
              {statusText(tournament.status)} · {participantCount(tournament)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
