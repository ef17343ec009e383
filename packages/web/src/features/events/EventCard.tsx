import { mdiCalendar } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor, type Event } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { formatDateTime, formatPriceRange, formatTime } from '../../format';

type CardEvent = Pick<Event, '_id' | 'title' | 'startsAt' | 'city' | 'price'> & { coverImage?: string; categoryIds?: string[] };

/** One event in a list: cover, title, time and price; the whole card opens the event. */
export function EventCard({ event, categories, timeOnly = false }: { event: CardEvent; categories?: ReadonlyMap<string, string>; timeOnly?: boolean }) {
  const names = (event.categoryIds ?? []).map((id) => categories?.get(id)).filter(Boolean);
  return (
    <article className="group relative flex gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary hover:ring-white/30">
      {event.coverImage ? (
        <img src={event.coverImage} alt="" loading="lazy" className="size-20 shrink-0 rounded-xl object-cover" width={80} height={80} />
      ) : (
        <div className="grid size-20 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary" aria-hidden="true">
          <Icon path={mdiCalendar} size={28} />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold leading-snug">
          <Link href={pathFor('event', { id: event._id })} className="after:absolute after:inset-0 focus-visible:outline-none">
            {event.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={event.startsAt}>{timeOnly ? formatTime(event.startsAt) : formatDateTime(event.startsAt)}</time> · {event.city}
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
          <span className="rounded-full bg-white/10 px-2 py-0.5 font-medium">{formatPriceRange(event.price)}</span>
          {names.map((name) => (
            <span key={name} className="rounded-full border border-line px-2 py-0.5 text-muted">
              {name}
            </span>
          ))}
        </p>
      </div>
    </article>
  );
}

/** Grey cards while a list loads. */
export function EventCardsSkeleton({ count = 3, label = 'Chargement des événements…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid animate-pulse gap-3 sm:grid-cols-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex gap-3 rounded-2xl bg-surface p-3">
          <div className="size-20 rounded-xl bg-white/10" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-4 w-3/4 rounded bg-white/10" />
            <div className="h-3 w-1/2 rounded bg-white/10" />
          </div>
        </div>
      ))}
    </div>
  );
}
