import { Link } from 'wouter';
import { ClockPort, pathFor, type Event } from '@sortie/core';
import { useQuery } from '../../data/useQuery';
import { placeTonightQuery } from '../../data/places';
import { useUseCase } from '../../services/container-context';
import { formatTime } from '../../format';

const linkClass = 'font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/**
 * « Ce soir » on a place's page: what is on at the venue today (still to come or under way), and
 * what can be joined there now — tournaments running, a blind test being played, a raffle open.
 * Nothing at all on a quiet day.
 */
export function PlaceTonight({ placeId, placeName }: { placeId: string; placeName: string }) {
  const now = useUseCase(ClockPort).now();
  const tonight = useQuery(placeTonightQuery(placeId));
  if (tonight.status !== 'success') return null;
  const { events: on, tournaments, blindTests, raffles } = tonight.data;
  const live = [
    ...tournaments.map((t) => ({ id: t._id, href: pathFor('tournament', { id: t._id }), text: `Tournoi en cours : ${t.name}` })),
    ...blindTests.map((b) => ({ id: b._id, href: pathFor('blindTest', { id: b._id }), text: `Blind test en cours : ${b.title}` })),
    ...raffles.map((r) => ({ id: r._id, href: pathFor('raffle', { id: r._id }), text: `Tombola ouverte : ${r.title}` })),
  ];
  if (on.length === 0 && live.length === 0) return null;
  const started = (event: Event) => Date.parse(event.startsAt) <= now.getTime();

  return (
    <section className="mt-8 rounded-2xl bg-primary/10 p-5 ring-1 ring-primary/40" aria-labelledby="tonight-title">
      <h2 id="tonight-title" className="text-xl font-bold">
        Ce soir au {placeName}
      </h2>
      {on.length > 0 && (
        <ul className="mt-3 space-y-1">
          {on.map((event) => (
            <li key={event._id}>
              <span className="text-muted">{started(event) ? 'En ce moment' : formatTime(event.startsAt)}</span> ·{' '}
              <Link href={pathFor('event', { id: event._id })} className={linkClass}>
                {event.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {live.length > 0 && (
        <ul className="mt-3 space-y-1" aria-label="À rejoindre maintenant">
          {live.map((item) => (
            <li key={item.id}>
              <Link href={item.href} className={`${linkClass} text-accent`}>
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
