import { z } from 'zod';
import { capitalise, formatDay, formatTime, HEX_COLOUR_PATTERN, pathFor, type LinkPage } from '@sortie/core';
import type { AppContext } from '../http/context';

/*
 * A venue's link page (« lien en bio », issue 36): what /r/{code} answers for a link made the
 * page of a place or an organisation — its name, its next events (each to its page on Sortie)
 * and its links (site, networks), in its colour. Server-rendered HTML with no script, small,
 * mobile first, French; the colours are chosen for contrast (WCAG AA, 4.5:1 at least).
 */

/** Events the page lists at most. */
export const VENUE_PAGE_EVENTS = 8;
/** How long a page is kept once drawn: a story's visitors in a burst cost one set of queries. */
export const VENUE_PAGE_TTL_MS = 30_000;
/** Sortie's own colour, for a venue with none (packages/web/src/styles.css). */
const SORTIE_COLOUR = '#ff5a5f';
const BACKGROUND = '#f6f5f2';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** Text on a colour: black or white, whichever contrasts more (one of the two always reaches 4.58:1). */
export function textOn(colour: string): string {
  return contrastRatio(colour, '#ffffff') >= contrastRatio(colour, '#000000') ? '#ffffff' : '#000000';
}

/**
 * The venue's colour as an accent on the page's light background (titles, borders): darkened
 * until it reads as text there (4.5:1), so that a pale yellow brand still gives legible dates.
 */
export function accentOn(colour: string, background = BACKGROUND): string {
  let channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  let hex = colour;
  for (let step = 0; step < 40 && contrastRatio(hex, background) < 4.5; step += 1) {
    channels = channels.map((c) => Math.floor(c * 0.9));
    hex = `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }
  return hex;
}

/**
 * What the page reads of a place or an organisation, whatever else the record holds: a field of
 * another shape counts as absent (an old record, an import), never as an error.
 */
const VenueFields = z
  .object({
    name: z.string().catch(''),
    colour: z.string().regex(HEX_COLOUR_PATTERN).optional().catch(undefined),
    website: z.unknown().optional(),
    socials: z.record(z.string(), z.unknown()).optional().catch(undefined),
    address: z.object({ city: z.string().optional().catch(undefined) }).loose().optional().catch(undefined),
    images: z.array(z.unknown()).optional().catch(undefined),
    logo: z.unknown().optional(),
    organizationId: z.string().optional().catch(undefined),
  })
  .loose();
type Venue = z.infer<typeof VenueFields>;

const colourOf = (venue: Venue | null): string | null => venue?.colour?.toLowerCase() ?? null;

/** An uploaded image's variants; an image given as an address on the web has none. */
const ImageVariants = z.object({ variants: z.array(z.object({ url: z.string(), width: z.number().catch(0) }).loose()) }).loose();

/** An uploaded image's smallest variant (served by Sortie itself); an address on the web is not shown. */
function imageOf(image: unknown): string | null {
  const variants = ImageVariants.safeParse(image).data?.variants ?? [];
  const smallest = variants.filter((v) => v.url.startsWith('/')).sort((a, b) => a.width - b.width)[0];
  return smallest?.url ?? null;
}

const httpUrl = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null);

/** A network's name as people write it (instagram → Instagram, tiktok → TikTok). */
const NETWORK_NAMES: Record<string, string> = { instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok', youtube: 'YouTube', x: 'X', twitter: 'X (Twitter)', linkedin: 'LinkedIn', spotify: 'Spotify', soundcloud: 'SoundCloud', bandcamp: 'Bandcamp', mastodon: 'Mastodon', bluesky: 'Bluesky', threads: 'Threads' };
const networkName = (key: string) => NETWORK_NAMES[key.toLowerCase()] ?? capitalise(key);

export interface VenuePageContent {
  name: string;
  kind: 'place' | 'organization';
  /** Its page on Sortie. */
  path: string;
  city: string | null;
  colour: string;
  logo: string | null;
  events: Array<{ id: string; title: string; startsAt: string; place: string | null }>;
  links: Array<{ label: string; url: string }>;
}

/** What the page shows, read from the database (null: the place or organisation no longer exists). */
export async function venuePageContent(ctx: AppContext, page: LinkPage): Promise<VenuePageContent | null> {
  const now = new Date(ctx.now()).toISOString();
  if (page.placeId) {
    const place = await ctx.store.getRecord('places', page.placeId);
    if (!place) return null;
    const data = VenueFields.parse(place);
    const record = data.organizationId ? await ctx.store.getRecord('organizations', data.organizationId) : null;
    const organization = record ? VenueFields.parse(record) : null;
    const rows = await ctx.db.query<{ id: string; title: string; starts_at: string | Date }>(
      `SELECT id, title, starts_at FROM events WHERE place_id = $1 AND status = 'published' AND starts_at >= $2 ORDER BY starts_at, id LIMIT ${VENUE_PAGE_EVENTS}`,
      [page.placeId, now],
    );
    const socials = Object.entries(data.socials ?? {});
    return {
      name: data.name,
      kind: 'place',
      path: pathFor('place', { id: place._id }),
      city: data.address?.city ?? null,
      colour: colourOf(data) ?? colourOf(organization) ?? SORTIE_COLOUR,
      logo: imageOf(organization?.logo) ?? imageOf(data.images?.[0]),
      events: rows.map((row) => ({ id: row.id, title: row.title, startsAt: new Date(row.starts_at).toISOString(), place: null })),
      links: linksOf(data.website, socials),
    };
  }
  const id = page.organizationId!;
  const organization = await ctx.store.getRecord('organizations', id);
  if (!organization) return null;
  const data = VenueFields.parse(organization);
  const rows = await ctx.db.query<{ id: string; title: string; starts_at: string | Date; place: string | null }>(
    `SELECT e.id, e.title, e.starts_at, p.data->>'name' AS place FROM events e LEFT JOIN places p ON p.id = e.place_id
     WHERE (e.organization_id = $1 OR p.organization_id = $1) AND e.status = 'published' AND e.starts_at >= $2 ORDER BY e.starts_at, e.id LIMIT ${VENUE_PAGE_EVENTS}`,
    [id, now],
  );
  return {
    name: data.name,
    kind: 'organization',
    path: pathFor('organization', { id }),
    city: null,
    colour: colourOf(data) ?? SORTIE_COLOUR,
    logo: imageOf(data.logo),
    events: rows.map((row) => ({ id: row.id, title: row.title, startsAt: new Date(row.starts_at).toISOString(), place: row.place })),
    links: linksOf(data.website, []),
  };
}

function linksOf(website: unknown, socials: Array<[string, unknown]>): VenuePageContent['links'] {
  const links: VenuePageContent['links'] = [];
  const site = httpUrl(website);
  if (site) links.push({ label: 'Site web', url: site });
  for (const [key, value] of socials) {
    const url = httpUrl(value);
    if (url) links.push({ label: networkName(key), url });
  }
  return links;
}

/** The page itself. */
export function venuePageHtml(content: VenuePageContent): string {
  const colour = content.colour;
  const onColour = textOn(colour);
  const accent = accentOn(colour);
  const initial = escapeHtml((content.name.trim()[0] ?? '?').toUpperCase());
  const logo = content.logo ? `<img class="logo" src="${escapeHtml(content.logo)}" alt="" width="72" height="72">` : `<span class="logo monogram" aria-hidden="true">${initial}</span>`;
  const events = content.events.length
    ? `<ul class="events">${content.events
        .map(
          (event) =>
            `<li><a href="${escapeHtml(pathFor('event', { id: event.id }))}"><span class="when">${escapeHtml(capitalise(formatDay(event.startsAt)))} · ${escapeHtml(formatTime(event.startsAt).replace(':', ' h '))}</span><span class="what">${escapeHtml(event.title)}</span>${event.place ? `<span class="where">${escapeHtml(event.place)}</span>` : ''}</a></li>`,
        )
        .join('')}</ul>`
    : `<p class="empty">Pas d’événement annoncé pour l’instant. Revenez bientôt, ou suivez ${content.kind === 'place' ? 'le lieu' : 'l’organisation'} sur Sortie pour être prévenu du prochain.</p>`;
  const links = [...content.links.map((link) => ({ ...link, external: true })), { label: content.kind === 'place' ? 'Le lieu sur Sortie' : 'L’organisation sur Sortie', url: content.path, external: false }];
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.name)} · Sortie</title>
<meta name="description" content="${escapeHtml(`Les prochains événements et les liens de ${content.name}.`)}">
<meta name="theme-color" content="${colour}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:${BACKGROUND};color:#1d1d1f;line-height:1.45}
header{background:${colour};color:${onColour};padding:2rem 1.25rem 1.5rem;text-align:center}
.logo{display:inline-grid;place-items:center;width:72px;height:72px;border-radius:50%;object-fit:cover;background:${onColour};color:${colour};font-size:2rem;font-weight:700;border:3px solid ${onColour}}
h1{font-size:1.6rem;margin:.75rem 0 .25rem}header p{margin:0;opacity:.9}
main{max-width:32rem;margin:0 auto;padding:1.25rem}
h2{font-size:1.05rem;margin:1.5rem 0 .75rem;color:${accent}}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.6rem}
.events a{display:grid;gap:.1rem;background:#fff;border-radius:12px;padding:.8rem 1rem;border-left:6px solid ${colour};color:inherit;text-decoration:none;box-shadow:0 1px 3px #0002}
.when{font-size:.85rem;font-weight:600;color:${accent}}.what{font-size:1.05rem;font-weight:600}.where{font-size:.85rem;color:#555}
.links a{display:block;text-align:center;font-weight:600;padding:.85rem 1rem;border-radius:999px;background:${colour};color:${onColour};text-decoration:none}
.links a.own{background:#fff;color:${accent};border:2px solid ${accent}}
a:focus-visible{outline:3px solid #1d1d1f;outline-offset:3px}
.empty{background:#fff;border-radius:12px;padding:1rem;margin:0}
footer{text-align:center;font-size:.8rem;color:#555;padding:2rem 1rem}footer a{color:inherit}
</style>
</head><body>
<header>${logo}<h1>${escapeHtml(content.name)}</h1>${content.city ? `<p>${escapeHtml(content.city)}</p>` : ''}</header>
<main>
<section aria-labelledby="next"><h2 id="next">Prochains événements</h2>${events}</section>
<section aria-labelledby="links"><h2 id="links">Liens</h2><ul class="links">${links
    .map((link) => `<li><a href="${escapeHtml(link.url)}"${link.external ? ' rel="noopener"' : ' class="own"'}>${escapeHtml(link.label)}</a></li>`)
    .join('')}</ul></section>
</main>
<footer>Avec <a href="/">Sortie</a>, l’agenda des sorties près de chez vous.</footer>
</body></html>`;
}

const drawn = new WeakMap<AppContext, Map<string, { until: number; html: string | null }>>();

/** The page of a place or an organisation, drawn at most every VENUE_PAGE_TTL_MS; null when it no longer exists. */
export async function venuePage(ctx: AppContext, page: LinkPage): Promise<string | null> {
  let pages = drawn.get(ctx);
  if (!pages) drawn.set(ctx, (pages = new Map()));
  const key = page.placeId ? `place:${page.placeId}` : `organization:${page.organizationId}`;
  const now = ctx.now();
  const kept = pages.get(key);
  if (kept && kept.until > now) return kept.html;
  const content = await venuePageContent(ctx, page);
  const html = content && venuePageHtml(content);
  if (pages.size > 1000) pages.clear();
  pages.set(key, { until: now + VENUE_PAGE_TTL_MS, html });
  return html;
}
