import { mdiCalendarSync } from '@mdi/js';
import { OPERATION_ROUTES, operationPath } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { webcalUrl } from './calendar-urls';
import { useOrigin } from './use-origin';

export type CalendarFeed =
  | { kind: 'city'; city: string }
  | { kind: 'place' | 'organization' | 'artist'; id: string };

const ROUTES = { city: OPERATION_ROUTES.cityCalendar, place: OPERATION_ROUTES.placeCalendar, organization: OPERATION_ROUTES.organizationCalendar, artist: OPERATION_ROUTES.artistCalendar };

/** The feed's path on the site (/calendar/cities/Poitiers.ics…). */
export const feedPath = (feed: CalendarFeed) => operationPath(ROUTES[feed.kind], feed.kind === 'city' ? { city: feed.city } : { id: feed.id });

/**
 * « S’abonner à l’agenda »: a webcal:// link that a phone or a calendar app opens as a
 * subscription, kept up to date by the app (every six hours, as the feed asks).
 */
export function SubscribeCalendarLink({ feed, name, className = '' }: { feed: CalendarFeed; name: string; className?: string }) {
  const origin = useOrigin();
  return (
    <a
      href={webcalUrl(feedPath(feed), origin)}
      className={`inline-flex items-center gap-2 text-sm font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary ${className}`}
    >
      <Icon path={mdiCalendarSync} size={18} />
      S’abonner à l’agenda
      <span className="sr-only"> de {name} (calendrier mis à jour automatiquement)</span>
    </a>
  );
}
