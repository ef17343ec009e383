import type { ReactNode } from 'react';
import { mdiCalendar } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor, type Event } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { formatDateTime, formatPriceRange } from '../../format';

type ListedEvent = Pick<Event, '_id' | 'title' | 'startsAt' | 'city' | 'price'> & { coverImage?: string };

/** One event in the lists of the people and places pages; `action` sits beside the link (e.g. « Retirer »). */
export function EventListItem({ event, action }: { event: ListedEvent; action?: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary">
      {event.coverImage ? (
        <img src={event.coverImage} alt="" loading="lazy" className="size-16 shrink-0 rounded-xl object-cover" width={64} height={64} />
      ) : (
        <span className="grid size-16 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary" aria-hidden="true">
          <Icon path={mdiCalendar} size={24} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <Link href={pathFor('event', { id: event._id })} className="font-semibold leading-snug break-words hover:underline focus-visible:outline-2 focus-visible:outline-accent">
          {event.title}
        </Link>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={event.startsAt}>{formatDateTime(event.startsAt)}</time>
          {event.city ? ` · ${event.city}` : ''} · {formatPriceRange(event.price)}
        </p>
      </div>
      {action}
    </li>
  );
}

/** Grey rows while a list loads. */
export function ListSkeleton({ rows = 3, label = 'Chargement…' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="mt-4 animate-pulse space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-3 rounded-2xl bg-surface p-3">
          <div className="size-16 rounded-xl bg-white/10" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-4 w-3/4 rounded bg-white/10" />
            <div className="h-3 w-1/2 rounded bg-white/10" />
          </div>
        </div>
      ))}
    </div>
  );
}
