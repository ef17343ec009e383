import { useId } from 'react';
import { mdiCalendarPlus, mdiDownload, mdiOpenInNew } from '@mdi/js';
import { OPERATION_ROUTES, operationPath, type Event } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-urls';
import { useOrigin } from './use-origin';

const linkClass =
  'inline-flex items-center gap-2 rounded-full bg-surface px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary';

/**
 * « Ajouter à mon agenda »: the event's .ics from the server (the same file whatever the
 * agenda), or Google Agenda and Outlook's pages already filled in.
 */
export function CalendarLinks({ event, location }: { event: Pick<Event, '_id' | 'title' | 'description' | 'startsAt' | 'endsAt'>; location: string }) {
  const titleId = useId();
  const origin = useOrigin();
  const input = { event, location, origin };
  const external = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {label}
      <Icon path={mdiOpenInNew} size={16} />
      <span className="sr-only">(nouvelle fenêtre)</span>
    </a>
  );
  return (
    <div className="mt-4" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon path={mdiCalendarPlus} size={18} className="text-primary" />
        Ajouter à mon agenda
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        <li>
          <a href={operationPath(OPERATION_ROUTES.eventCalendar, { id: event._id })} download className={linkClass}>
            <Icon path={mdiDownload} size={16} />
            Fichier .ics
            <span className="sr-only">(Apple Calendrier, Thunderbird…)</span>
          </a>
        </li>
        <li>{external(googleCalendarUrl(input), 'Google Agenda')}</li>
        <li>{external(outlookCalendarUrl(input), 'Outlook')}</li>
      </ul>
    </div>
  );
}
