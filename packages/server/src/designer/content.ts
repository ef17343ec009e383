import { loadSharp } from '../images/sharp';
import { HEX_COLOUR_PATTERN, addDays, capitalise, formatDate, formatDayRange, formatPrice as formatCents, formatShortDay, formatTime, isObjectId, parisDay, parisMidnight, TournamentSchema, type ImageField, type Tournament } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import type { RecordJson } from '../db/store';
import { readImageFile } from '../images/image-files';

/** Sortie's own palette (packages/web/src/styles.css), for venues without a colour of their own. */
export const SORTIE_PALETTE = { primary: '#ff5a5f', secondary: '#7c5cff', background: '#0f1115', surface: '#1a1d24', text: '#ffffff', muted: '#a3a8b8' };
export interface Palette {
  primary: string;
  /** Text drawn on the primary colour: black or white, whichever reads better. */
  onPrimary: string;
  background: string;
  text: string;
  muted: string;
}

/** A brand colour as core stores it (HexColourSchema): a place's, an organisation's or a category's `colour`. */
const isHexColour = (value: unknown): value is string => typeof value === 'string' && HEX_COLOUR_PATTERN.test(value);
/** A record's brand colour (its `colour` field), when it has one. */
function colourOf(record: Record<string, unknown> | null | undefined): string | null {
  const colour = record?.colour;
  return isHexColour(colour) ? colour : null;
}

/** Relative luminance (WCAG): black text on light colours, white on dark ones. */
function readableOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return l > 0.4 ? '#0f1115' : '#ffffff';
}

export function paletteOf(...candidates: Array<string | null | undefined>): Palette {
  const primary = candidates.find(isHexColour) ?? SORTIE_PALETTE.primary;
  return { primary, onPrimary: readableOn(primary), background: SORTIE_PALETTE.background, text: SORTIE_PALETTE.text, muted: SORTIE_PALETTE.muted };
}

// Dates and amounts as the web app shows them, with core's French formatting (fr-FR, Paris time).
/** « Samedi 14 mars 2026 » */
export const formatDay = (iso: string) => capitalise(formatDate(iso));
/** « 20 h 30 » (a poster's way) */
export const formatHour = (iso: string) => formatTime(iso).replace(':', ' h ').replace(' h 00', ' h');
export function formatPrice(price: unknown): string {
  const p = typeof price === 'object' && price !== null ? price : undefined;
  const min = p && 'min' in p ? p.min : undefined;
  const max = p && 'max' in p ? p.max : undefined;
  if (!p || ('free' in p && p.free) || typeof min !== 'number' || (min === 0 && !max)) return 'Entrée libre';
  if (typeof max !== 'number' || max === min) return formatCents(min);
  return `De ${formatCents(min)} à ${formatCents(max)}`;
}

/**
 * An uploaded cover as a JPEG `width` wide (the widest variant the server keeps, read from the
 * database); an address on the web is not fetched: visuals are made offline.
 */
export async function coverJpeg(ctx: AppContext, image: ImageField | undefined, width: number, height: number): Promise<Buffer | null> {
  if (!image || typeof image === 'string') return null;
  const variant = [...image.variants].sort((a, b) => b.width - a.width || (a.format === 'jpeg' ? -1 : 1))[0];
  const bytes = variant ? (await readImageFile(ctx.db, variant.url.split('/').pop() ?? ''))?.bytes : null;
  if (!bytes) return null;
  try {
    return await (await loadSharp())(bytes).resize(width, height, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    return null;
  }
}

async function record<R extends 'events' | 'places' | 'organizations' | 'tournaments' | 'eventCategories'>(ctx: AppContext, resource: R, id: string | undefined): Promise<RecordJson<R> | null> {
  if (!id || !isObjectId(id)) return null;
  return ctx.store.getRecord(resource, id);
}

export interface EventContent {
  id: string;
  status: string;
  updatedAt: string;
  title: string;
  /** « Samedi 14 mars 2026 » */
  day: string;
  /** « 20 h 30 », « 20 h 30 – 23 h » */
  hours: string;
  startsAt: string;
  place: string | null;
  city: string;
  price: string;
  cover: ImageField | undefined;
  palette: Palette;
  /** The event's page: /events/{id} */
  path: string;
}

/** What an event's visuals show, in French and in Paris time; 404 when there is no such event. */
export async function loadEvent(ctx: AppContext, id: string): Promise<EventContent> {
  const event = await record(ctx, 'events', id);
  if (!event) throw notFound('Événement introuvable.');
  const place = await record(ctx, 'places', event.placeId);
  const organization = await record(ctx, 'organizations', event.organizationId ?? place?.organizationId);
  const category = await record(ctx, 'eventCategories', event.categoryIds?.[0]);
  const startsAt = String(event.startsAt);
  const endsAt = typeof event.endsAt === 'string' && parisDay(new Date(event.endsAt)) === parisDay(new Date(startsAt)) ? event.endsAt : null;
  return {
    id,
    status: String(event.status ?? 'published'),
    updatedAt: String(event.updatedAt ?? ''),
    title: String(event.title ?? ''),
    day: formatDay(startsAt),
    hours: endsAt ? `${formatHour(startsAt)} – ${formatHour(endsAt)}` : formatHour(startsAt),
    startsAt,
    place: typeof place?.name === 'string' ? place.name : null,
    city: String(event.city ?? ''),
    price: formatPrice(event.price),
    cover: event.coverImage,
    palette: paletteOf(colourOf(place), colourOf(organization), colourOf(category)),
    path: `/events/${id}`,
  };
}

export interface WeekContent {
  id: string;
  name: string;
  city: string;
  /** « Du lundi 9 au dimanche 15 mars » */
  range: string;
  events: Array<{ day: string; hour: string; title: string; price: string }>;
  palette: Palette;
  path: string;
}

/** A place's next seven days (today included, in Paris): its published events, by start. */
export async function loadPlaceWeek(ctx: AppContext, id: string): Promise<WeekContent> {
  const place = await record(ctx, 'places', id);
  if (!place) throw notFound('Lieu introuvable.');
  const organization = await record(ctx, 'organizations', place.organizationId);
  const today = parisDay(ctx.now());
  const from = parisMidnight(today).toISOString();
  const to = parisMidnight(addDays(today, 7)).toISOString();
  const rows = await ctx.db.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM events WHERE place_id = $1 AND status = 'published' AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at, id LIMIT 30`,
    [id, from, to],
  );
  const last = parisMidnight(addDays(today, 6)).toISOString();
  return {
    id,
    name: String(place.name ?? ''),
    city: place.address?.city ?? '',
    range: capitalise(formatDayRange(from, last)),
    events: rows.map(({ data }) => ({ day: formatShortDay(String(data.startsAt)), hour: formatHour(String(data.startsAt)), title: String(data.title ?? ''), price: formatPrice(data.price) })),
    palette: paletteOf(colourOf(place), colourOf(organization)),
    path: `/places/${id}`,
  };
}

export interface TournamentContent {
  id: string;
  name: string;
  game: string;
  day: string | null;
  hours: string | null;
  place: string | null;
  palette: Palette;
  path: string;
}

/** A tournament, its game and, through its event, its date and place. */
export async function loadTournament(ctx: AppContext, id: string): Promise<TournamentContent> {
  const tournament = await record(ctx, 'tournaments', id);
  if (!tournament) throw notFound('Tournoi introuvable.');
  const event = await record(ctx, 'events', tournament.eventId);
  const place = await record(ctx, 'places', event?.placeId);
  const organization = await record(ctx, 'organizations', event?.organizationId ?? place?.organizationId);
  const startsAt = typeof event?.startsAt === 'string' ? event.startsAt : null;
  return {
    id,
    name: String(tournament.name ?? ''),
    game: String(tournament.game ?? ''),
    day: startsAt ? formatDay(startsAt) : null,
    hours: startsAt ? formatHour(startsAt) : null,
    place: typeof place?.name === 'string' ? place.name : null,
    palette: paletteOf(colourOf(place), colourOf(organization), SORTIE_PALETTE.secondary),
    path: `/tournaments/${id}`,
  };
}

/** A tournament whole (its bracket included), for the printed bracket. */
export async function loadTournamentRecord(ctx: AppContext, id: string): Promise<Tournament> {
  const stored = await record(ctx, 'tournaments', id);
  if (!stored) throw notFound('Tournoi introuvable.');
  return TournamentSchema.parse(stored);
}
