import { TIME_ZONE, markdownToPlainText, pathFor, type Event } from '@sortie/core';

/** A calendar needs an end: two hours after the start when the event gives none (as the server's .ics). */
const DEFAULT_DURATION_MS = 2 * 3600_000;
/** Google and Outlook put the details in the address: a few lines are enough beside the page's link. */
const DETAILS_LIMIT = 500;

export interface CalendarEventDetails {
  event: Pick<Event, '_id' | 'title' | 'description' | 'startsAt' | 'endsAt'>;
  location: string;
  /** The site's origin, for the event page's link in the details; null while unknown (server rendering). */
  origin: string | null;
}

const endOf = (event: CalendarEventDetails['event']) => event.endsAt ?? new Date(Date.parse(event.startsAt) + DEFAULT_DURATION_MS).toISOString();

/** « 20260120T193000Z », the form Google's dates parameter takes. */
const compactUtc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function details({ event, origin }: CalendarEventDetails): string {
  let text = markdownToPlainText(event.description ?? '');
  if (text.length > DETAILS_LIMIT) text = `${text.slice(0, DETAILS_LIMIT - 1).trimEnd()}…`;
  const page = origin ? `${origin}${pathFor('event', { id: event._id })}` : '';
  return [text, page].filter(Boolean).join('\n\n');
}

/** Google Agenda's « create an event » page, filled in. */
export function googleCalendarUrl(input: CalendarEventDetails): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', input.event.title);
  url.searchParams.set('dates', `${compactUtc(input.event.startsAt)}/${compactUtc(endOf(input.event))}`);
  url.searchParams.set('details', details(input));
  url.searchParams.set('location', input.location);
  url.searchParams.set('ctz', TIME_ZONE);
  return url.toString();
}

/** Outlook's « new event » page (outlook.live.com; work accounts open it from there too), filled in. */
export function outlookCalendarUrl(input: CalendarEventDetails): string {
  const url = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  url.searchParams.set('path', '/calendar/action/compose');
  url.searchParams.set('rru', 'addevent');
  url.searchParams.set('subject', input.event.title);
  url.searchParams.set('startdt', new Date(input.event.startsAt).toISOString());
  url.searchParams.set('enddt', new Date(endOf(input.event)).toISOString());
  url.searchParams.set('body', details(input));
  url.searchParams.set('location', input.location);
  return url.toString();
}

/**
 * The address a calendar app subscribes to: webcal:// on the site's host (the app then fetches
 * the feed over https, or http on a development machine). Without an origin yet (server
 * rendering), the feed's own path: still a working download.
 */
export function webcalUrl(path: string, origin: string | null): string {
  if (!origin) return path;
  const { host } = new URL(origin);
  return `webcal://${host}${path}`;
}
