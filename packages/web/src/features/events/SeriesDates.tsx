import { mdiRepeat } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor, type SeriesView } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { formatDateTime } from '../../format';

const linkClass = 'font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/** A date of a series on its event page: « Tous les mardis à 20 h 30 », its pauses, and its next dates as links. */
export function SeriesDates({ view, currentId }: { view: SeriesView; currentId: string }) {
  const others = view.upcoming.filter((date) => date._id !== currentId);
  return (
    <section className="mt-6 rounded-2xl bg-surface p-4 ring-1 ring-line" aria-labelledby="series-title">
      <h2 id="series-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon path={mdiRepeat} size={20} />
        {view.description}
      </h2>
      {view.series.status === 'stopped' && <p className="mt-1 text-sm text-muted">Cette série ne prévoit plus de nouvelles dates.</p>}
      {view.pauses.length > 0 && (
        <ul className="mt-1 text-sm text-muted" aria-label="Pauses">
          {view.pauses.map((pause) => (
            <li key={pause}>{pause}</li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <>
          <h3 className="mt-3 font-semibold">Prochaines dates</h3>
          <ul className="mt-1 space-y-1">
            {others.map((date) => (
              <li key={date._id}>
                <Link href={pathFor('event', { id: date._id })} className={linkClass}>
                  <time dateTime={date.startsAt}>{formatDateTime(date.startsAt)}</time>
                </Link>
                {date.status === 'cancelled' && <span className="ml-2 text-sm text-error">annulée</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
