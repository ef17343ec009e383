import ICAL from 'ical.js';
import { parisLocalToIso, parisMidnight } from '@sortie/core';
import { fieldOf } from '../unknown-value';

/** One event as a source describes it, before it is matched with ours. */
export interface SourceItem {
  /** The source's own id (an iCalendar UID, with the occurrence's start for a recurring event). */
  uid: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt?: string;
  /** The source's place name, matched against our places by name. */
  placeName?: string;
  categories: string[];
  url?: string;
  imageUrl?: string;
}

/** How far ahead a recurring event is expanded, and how many occurrences at most. */
export const RECURRENCE_HORIZON_DAYS = 180;
const MAX_OCCURRENCES = 200;

export class SourceFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceFormatError';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ical.js time as an ISO instant: all-day dates at Paris midnight, floating times and unknown zones in Paris time. */
function instantOf(time: ICAL.Time, knownZones: Set<string>): string {
  if (time.isDate) return parisMidnight(`${time.year}-${pad(time.month)}-${pad(time.day)}`).toISOString();
  const tzid = time.zone?.tzid;
  if (tzid === 'UTC' || (tzid && knownZones.has(tzid))) return time.toJSDate().toISOString();
  // Floating time, or a TZID without its VTIMEZONE (Europe/Paris in most French feeds): Paris wall-clock time.
  return new Date(parisLocalToIso(`${time.year}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}`)).toISOString();
}

const httpUrl = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
};

/** Parses an iCalendar feed with ical.js; recurring events are expanded from `now` up to the horizon. */
export function parseIcs(text: string, now: number): SourceItem[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw new SourceFormatError(`Flux iCalendar illisible : ${fieldOf(error, 'message')}`);
  }
  if (root.name !== 'vcalendar') throw new SourceFormatError('Flux iCalendar illisible : pas de VCALENDAR.');
  // The feed's own VTIMEZONEs, registered for this parse only (the registry is global to ical.js).
  const knownZones = new Set<string>();
  const registered: string[] = [];
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(zone);
    knownZones.add(tz.tzid);
    // ical.js's own zones (UTC, GMT, Z) stay as they are.
    if (ICAL.TimezoneService.has(tz.tzid)) continue;
    ICAL.TimezoneService.register(tz, tz.tzid);
    registered.push(tz.tzid);
  }
  try {
    return expandEvents(root, knownZones, now);
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}

function expandEvents(root: ICAL.Component, knownZones: Set<string>, now: number): SourceItem[] {
  const vevents = root.getAllSubcomponents('vevent');
  // Modified occurrences (RECURRENCE-ID) are attached to their master event.
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const component of vevents) {
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) exceptions.push(event);
    else if (event.uid) masters.set(event.uid, event);
  }
  for (const exception of exceptions) masters.get(exception.uid)?.relateException(exception);

  const items: SourceItem[] = [];
  const from = now - 24 * 3600_000;
  const until = now + RECURRENCE_HORIZON_DAYS * 24 * 3600_000;
  for (const event of masters.values()) {
    if (!event.startDate) continue;
    const base = {
      title: (event.summary ?? '').trim(),
      description: (event.description ?? '').trim(),
      placeName: event.location?.trim() || undefined,
      categories: event.component.getAllProperties('categories').flatMap((p) => p.getValues().map(String)).map((c) => c.trim()).filter(Boolean),
      url: httpUrl(event.component.getFirstPropertyValue('url')),
    };
    if (!base.title) continue;
    if (!event.isRecurring()) {
      items.push({ ...base, uid: event.uid, startsAt: instantOf(event.startDate, knownZones), endsAt: event.endDate ? instantOf(event.endDate, knownZones) : undefined });
      continue;
    }
    const iterator = event.iterator();
    let count = 0;
    for (let next = iterator.next(); next && count < MAX_OCCURRENCES; next = iterator.next()) {
      const startsAt = instantOf(next, knownZones);
      const at = Date.parse(startsAt);
      if (at > until) break;
      if (at < from) continue;
      const details = event.getOccurrenceDetails(next);
      const occurrence = details.item;
      count += 1;
      items.push({
        ...base,
        title: (occurrence.summary ?? base.title).trim() || base.title,
        description: (occurrence.description ?? base.description).trim(),
        placeName: occurrence.location?.trim() || base.placeName,
        uid: `${event.uid}#${startsAt}`,
        startsAt: instantOf(details.startDate, knownZones),
        endsAt: details.endDate ? instantOf(details.endDate, knownZones) : undefined,
      });
    }
  }
  return items;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** OpenAgenda's multilingual fields ({fr: …, en: …}) or a plain string. */
const french = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (isObject(value)) {
    const text = value['fr'] ?? Object.values(value).find((v) => typeof v === 'string');
    return typeof text === 'string' ? text : '';
  }
  return '';
};
const isoOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
};

/** Parses an OpenAgenda events answer (`{ events: [{ uid, title: {fr}, timings: [{begin, end}], location, keywords }] }`): one item per timing. */
export function parseOpenAgenda(text: string, now: number): SourceItem[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SourceFormatError('Réponse OpenAgenda illisible : JSON attendu.');
  }
  const events = isObject(body) && Array.isArray(body['events']) ? body['events'] : Array.isArray(body) ? body : null;
  if (!events) throw new SourceFormatError('Réponse OpenAgenda illisible : liste « events » absente.');
  const from = now - 24 * 3600_000;
  const items: SourceItem[] = [];
  for (const event of events) {
    if (!isObject(event) || event['uid'] === undefined) continue;
    const title = french(event['title']).trim();
    if (!title) continue;
    const location = isObject(event['location']) ? event['location'] : {};
    const keywords = isObject(event['keywords']) ? event['keywords']['fr'] : event['keywords'];
    const image = isObject(event['image']) && typeof event['image']['base'] === 'string' ? `${event['image']['base']}${event['image']['filename'] ?? ''}` : undefined;
    const timings = Array.isArray(event['timings']) ? event['timings'] : [];
    for (const timing of timings) {
      if (!isObject(timing)) continue;
      const startsAt = isoOf(timing['begin']);
      if (!startsAt || Date.parse(startsAt) < from) continue;
      items.push({
        uid: `${String(event['uid'])}#${startsAt}`,
        title,
        description: (french(event['longDescription']) || french(event['description'])).trim(),
        startsAt,
        endsAt: isoOf(timing['end']),
        placeName: typeof location['name'] === 'string' ? location['name'] : undefined,
        categories: Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : [],
        url: httpUrl(event['canonicalUrl'] ?? event['url']),
        imageUrl: httpUrl(image),
      });
    }
  }
  return items;
}

/** Finds schema.org Event objects (or subtypes: MusicEvent, TheaterEvent…) in a page's JSON-LD blocks. */
export function parseJsonLdPage(html: string, pageUrl: string): SourceItem[] {
  const blocks = [...html.matchAll(/<script[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  const found: Json[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const type = node['@type'];
    const types = Array.isArray(type) ? type : [type];
    if (types.some((t) => typeof t === 'string' && /Event$/.test(t))) found.push(node);
    if (Array.isArray(node['@graph'])) visit(node['@graph']);
    if (node['itemListElement']) visit(node['itemListElement']);
    if (isObject(node['item'])) visit(node['item']);
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block.trim()));
    } catch {
      // A broken block does not hide the others.
    }
  }
  const items: SourceItem[] = [];
  for (const event of found) {
    const title = french(event['name']).trim();
    const startsAt = isoOf(event['startDate']) ?? (typeof event['startDate'] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(event['startDate']) ? parisMidnight(event['startDate']).toISOString() : undefined);
    if (!title || !startsAt) continue;
    const location = Array.isArray(event['location']) ? event['location'][0] : event['location'];
    const url = httpUrl(event['url']) ?? httpUrl(event['@id']);
    const image = Array.isArray(event['image']) ? event['image'][0] : event['image'];
    items.push({
      uid: typeof event['@id'] === 'string' ? event['@id'] : `${url ?? pageUrl}#${title}#${startsAt}`,
      title,
      description: french(event['description']).trim(),
      startsAt,
      endsAt: isoOf(event['endDate']),
      placeName: isObject(location) && typeof location['name'] === 'string' ? location['name'] : undefined,
      categories: [],
      url,
      imageUrl: httpUrl(isObject(image) ? image['url'] : image),
    });
  }
  return items;
}
