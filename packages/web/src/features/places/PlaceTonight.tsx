import { Link } from 'wouter';
import { ClockPort, parisDay, parisMidnight, pathFor, rangeOf, type BlindTest, type Event, type QueryDefinition, type Raffle, type Tournament } from '@sortie/core';
import { useQuery } from '../../data/useQuery';
import { useUseCase } from '../../services/container-context';
import { formatTime } from '../../format';

/** An event without an end is taken as lasting this long, to tell whether it is still on. */
const ASSUMED_LENGTH_MS = 4 * 3600_000;
const MAX_TONIGHT = 10;

const tonightQuery = (placeId: string, from: string, to: string): QueryDefinition<Event[]> => ({
  key: ['events', 'tonight', placeId, from],
  load: async (api) => (await api.list<Event>('events', { placeId, from, to, limit: MAX_TONIGHT })).items,
});
const liveAt = <T,>(resource: 'blindtests' | 'raffles', placeId: string, status: string): QueryDefinition<T[]> => ({
  key: [resource, 'place', placeId, status],
  load: async (api) => (await api.list<T>(resource, { placeId, status, limit: MAX_TONIGHT })).items,
});
const runningAt = (eventIds: string[]): QueryDefinition<Tournament[]> => ({
  key: ['tournaments', 'running', ...eventIds],
  load: async (api) => (await Promise.all(eventIds.map((eventId) => api.list<Tournament>('tournaments', { eventId, status: 'running', limit: MAX_TONIGHT })))).flatMap((page) => page.items),
});

const linkClass = 'font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/**
 * « Ce soir » on a place's page: what is on at the venue today (still to come or under way), and
 * what can be joined there now — tournaments running, a blind test being played, a raffle open.
 * Nothing at all on a quiet day.
 */
export function PlaceTonight({ placeId, placeName }: { placeId: string; placeName: string }) {
  const now = useUseCase(ClockPort).now();
  const from = parisMidnight(parisDay(now)).toISOString();
  const to = rangeOf('today', now).to;
  const events = useQuery(tonightQuery(placeId, from, to));
  const today = (event: Event) => Date.parse(event.startsAt) >= Date.parse(from) && Date.parse(event.startsAt) <= Date.parse(to);
  const notOver = (event: Event) => (event.endsAt ? Date.parse(event.endsAt) : Date.parse(event.startsAt) + ASSUMED_LENGTH_MS) > now.getTime();
  const on = (events.data ?? []).filter((event) => today(event) && notOver(event));
  const tournaments = useQuery(on.length ? runningAt(on.map((event) => event._id)) : null);
  const blindTests = useQuery(liveAt<BlindTest>('blindtests', placeId, 'live'));
  const raffles = useQuery(liveAt<Raffle>('raffles', placeId, 'open'));
  const live = [
    ...(tournaments.data ?? []).map((t) => ({ id: t._id, href: pathFor('tournament', { id: t._id }), text: `Tournoi en cours : ${t.name}` })),
    ...(blindTests.data ?? []).map((b) => ({ id: b._id, href: pathFor('blindTest', { id: b._id }), text: `Blind test en cours : ${b.title}` })),
    ...(raffles.data ?? []).filter((r) => Date.parse(r.closesAt) > now.getTime()).map((r) => ({ id: r._id, href: pathFor('raffle', { id: r._id }), text: `Tombola ouverte : ${r.title}` })),
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
