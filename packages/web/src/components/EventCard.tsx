import type { ReactNode } from 'react';
import { mdiCalendar } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor, type Event } from '@sortie/core';
import { Icon } from './Icon';
import { ResponsiveImage } from './ResponsiveImage';
import { formatDateTime, formatPriceRange, formatTime } from '../format';

type CardEvent = Pick<Event, '_id' | 'title' | 'startsAt' | 'city' | 'price' | 'coverImage'> & { categoryIds?: string[] };

/**
 * One event in a list: cover, title, time and price; the whole card opens the event.
 * `action` (e.g. « Retirer ») sits above the card's link, so it stays its own button.
 */
export function EventCard({ event, categories, timeOnly = false, action }: { event: CardEvent; categories?: ReadonlyMap<string, string>; timeOnly?: boolean; action?: ReactNode }) {
  const names = (event.categoryIds ?? []).map((id) => categories?.get(id)).filter(Boolean);
  return (
    <article className="group relative flex items-start gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary hover:ring-white/30">
      {event.coverImage ? (
        <ResponsiveImage image={event.coverImage} alt="" sizes="80px" className="size-20 shrink-0 rounded-xl object-cover" width={80} height={80} />
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
          <time dateTime={event.startsAt}>{timeOnly ? formatTime(event.startsAt) : formatDateTime(event.startsAt)}</time>
          {event.city ? ` · ${event.city}` : ''}
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
      {action && <div className="relative z-10 self-center">{action}</div>}
    </article>
  );
}
