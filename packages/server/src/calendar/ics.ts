import ICAL from 'ical.js';
import { markdownToPlainText, pathFor, type Event, type Organization, type Place } from '@sortie/core/domain';
import { PARIS_TZID, parisTime, parisVtimezone, utcTime } from './paris-zone';

/** A calendar needs an end: two hours after the start when the event gives none. */
export const DEFAULT_DURATION_MS = 2 * 3600_000;
/** How often a subscribed calendar app should fetch a feed again (RFC 7986 REFRESH-INTERVAL). */
export const REFRESH_INTERVAL = 'PT6H';

const STATUS: Record<Event['status'], string> = { published: 'CONFIRMED', cancelled: 'CANCELLED', draft: 'TENTATIVE' };

/** What the VEVENT of a series carries beyond its event's fields (series-calendar.ts). */
export interface SeriesEntry {
  id: string;
  /** The RRULE text, UNTIL in UTC as RFC 5545 wants beside a DTSTART with TZID. */
  rule: string;
  /** The first date's start and end. */
  startsAt: string;
  endsAt?: string;
  /** The starts (in the rule's time) of the dates that do not take place. */
  exdates: string[];
}

export interface CalendarItem {
  event: Event;
  place?: Place | null;
  organization?: Organization | null;
  /** The VEVENT of a whole series (series-calendar.ts): its RRULE and EXDATEs. */
  series?: SeriesEntry;
  /** A date of a series changed alone: its series and the start the rule gave it (RECURRENCE-ID). */
  recurrenceOf?: { seriesId: string; startsAt: string };
}

export interface CalendarOptions {
  /** The site's origin: every URL is absolute on it and every UID is qualified with its host. */
  origin: string;
  /** The calendar's name in the visitor's agenda (« Sortie — Poitiers »); a single event's file has none. */
  name?: string;
  description?: string;
  now: number;
}

/** « event-<id>@sortie.example »: unique across every calendar, stable across downloads. */
export const eventUid = (id: string, origin: string) => `event-${id}@${new URL(origin).hostname}`;
/** « series-<id>@sortie.example »: a series' VEVENT and the dates changed alone share it. */
export const seriesUid = (id: string, origin: string) => `series-${id}@${new URL(origin).hostname}`;

/** The place's name and address, or the event's city. */
export function locationOf(event: Event, place: Place | null | undefined): string {
  if (!place) return event.city;
  return [place.name, place.address.street, `${place.address.postalCode} ${place.address.city}`].filter(Boolean).join(', ');
}

function vevent({ event, place, organization, series, recurrenceOf }: CalendarItem, options: CalendarOptions): ICAL.Component {
  const component = new ICAL.Component('vevent');
  const add = (name: string, value: string | ICAL.Time | ICAL.Recur | number[]) => component.addPropertyWithValue(name, value);
  const zoned = (name: string, iso: string) => add(name, parisTime(iso)).setParameter('tzid', PARIS_TZID);
  const url = `${options.origin}${pathFor('event', { id: event._id })}`;

  const seriesId = series?.id ?? recurrenceOf?.seriesId;
  add('uid', seriesId ? seriesUid(seriesId, options.origin) : eventUid(event._id, options.origin));
  add('dtstamp', utcTime(new Date(options.now).toISOString()));
  add('created', utcTime(event.createdAt));
  add('last-modified', utcTime(event.updatedAt));
  const startsAt = series?.startsAt ?? event.startsAt;
  const endsAt = series ? series.endsAt : event.endsAt;
  zoned('dtstart', startsAt);
  zoned('dtend', endsAt ?? new Date(Date.parse(startsAt) + DEFAULT_DURATION_MS).toISOString());
  if (series) {
    add('rrule', ICAL.Recur.fromString(series.rule));
    for (const exdate of series.exdates) zoned('exdate', exdate);
  }
  if (recurrenceOf) zoned('recurrence-id', recurrenceOf.startsAt);
  add('summary', event.title);
  const description = markdownToPlainText(event.description ?? '');
  add('description', description ? `${description}\n\n${url}` : url);
  add('location', locationOf(event, place));
  if (place?.location) add('geo', [place.location.lat, place.location.lng]);
  if (organization) {
    // A CAL-ADDRESS is any URI; organisations have no public e-mail, their page says who they are.
    add('organizer', `${options.origin}${pathFor('organization', { id: organization._id })}`).setParameter('cn', organization.name);
  }
  add('status', STATUS[event.status]);
  add('url', url);
  return component;
}

/** A VCALENDAR (RFC 5545) of these events, Paris time, CRLF line ends and 75-octet folding by ical.js. */
export function buildCalendar(items: readonly CalendarItem[], options: CalendarOptions): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Sortie//Agenda//FR');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  if (options.name) {
    calendar.addPropertyWithValue('name', options.name);
    calendar.addPropertyWithValue('x-wr-calname', options.name);
    calendar.addPropertyWithValue('x-wr-timezone', PARIS_TZID);
    if (options.description) calendar.addPropertyWithValue('x-wr-caldesc', options.description);
    calendar.addPropertyWithValue('refresh-interval', ICAL.Duration.fromString(REFRESH_INTERVAL));
    calendar.addPropertyWithValue('x-published-ttl', REFRESH_INTERVAL);
  }
  calendar.addSubcomponent(parisVtimezone());
  for (const item of items) calendar.addSubcomponent(vevent(item, options));
  return `${calendar.toString()}\r\n`;
}
