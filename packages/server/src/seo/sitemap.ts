import { pathFor } from '@sortie/core/domain';
import type { Db } from '../db/database';

/** sitemaps.org: at most 50,000 URLs in one file; past that, an index of several. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Past events stay listed this long: their page still answers who played, where, and what comes next. */
export const RECENT_EVENT_DAYS = 90;

export interface SitemapEntry {
  /** Path from the site's root, already encoded (pathFor). */
  path: string;
  lastmod?: string;
}

/** The public pages that are not one record's, from the route table. */
const STATIC_PAGES = ['landing', 'pro', 'places', 'blog', 'jobOffers', 'map', 'legal', 'legalPrivacy', 'legalTou'];

const iso = (value: unknown) => (value === null || value === undefined ? undefined : new Date(value instanceof Date ? value : String(value)).toISOString());

/**
 * Every public page worth indexing: the static pages, the city feeds, published events still
 * to come or at most RECENT_EVENT_DAYS old, places, organisations, artists, published blog
 * posts and documentation pages. In a stable order, so that the parts of a split sitemap do
 * not move between two requests.
 */
export async function sitemapEntries(db: Db, now: number, docFilePaths: readonly string[] = []): Promise<SitemapEntry[]> {
  const nowIso = new Date(now).toISOString();
  const since = new Date(now - RECENT_EVENT_DAYS * 86_400_000).toISOString();
  const [cities, events, places, organizations, artists, posts, docs] = await Promise.all([
    db.query<{ city: string; updated: unknown }>(
      `SELECT min(city) AS city, max(updated_at) AS updated FROM (
         SELECT city, updated_at FROM events WHERE status = 'published' AND starts_at >= $1
         UNION ALL SELECT city, updated_at FROM places) c
       GROUP BY lower(city) ORDER BY lower(city)`,
      [since],
    ),
    db.query<{ id: string; updated: unknown }>(`SELECT id, updated_at AS updated FROM events WHERE status = 'published' AND starts_at >= $1 ORDER BY starts_at, id`, [since]),
    db.query<{ id: string; updated: unknown }>(`SELECT id, updated_at AS updated FROM places ORDER BY id`),
    db.query<{ id: string; updated: unknown }>(`SELECT id, updated_at AS updated FROM organizations ORDER BY id`),
    db.query<{ id: string; slug: string; updated: unknown }>(`SELECT id, slug, updated_at AS updated FROM artists ORDER BY id`),
    db.query<{ slug: string; updated: unknown }>(`SELECT slug, updated_at AS updated FROM blog_posts WHERE published_at IS NOT NULL AND published_at <= $1 ORDER BY published_at DESC, id`, [nowIso]),
    db.query<{ path: string; updated: unknown }>(`SELECT path, updated_at AS updated FROM doc_pages ORDER BY sort_order, path`),
  ]);
  return [
    ...STATIC_PAGES.map((name) => ({ path: pathFor(name) })),
    ...cities.map((r) => ({ path: pathFor('home', { city: r.city }), lastmod: iso(r.updated) })),
    ...events.map((r) => ({ path: pathFor('event', { id: r.id }), lastmod: iso(r.updated) })),
    ...places.map((r) => ({ path: pathFor('place', { id: r.id }), lastmod: iso(r.updated) })),
    ...organizations.map((r) => ({ path: pathFor('organization', { id: r.id }), lastmod: iso(r.updated) })),
    // The slug is the artist's address everywhere the site links to one.
    ...artists.map((r) => ({ path: pathFor('artist', { id: r.slug || r.id }), lastmod: iso(r.updated) })),
    ...posts.map((r) => ({ path: pathFor('blogPost', { slug: r.slug }), lastmod: iso(r.updated) })),
    // The documentation: its Markdown files (docFilePaths), then the pages only the database holds.
    ...(docFilePaths.length || docs.length ? [{ path: '/docs' }] : []),
    ...docFilePaths.map((path) => ({ path: pathFor('docs', { slug: path }), lastmod: iso(docs.find((r) => r.path === path)?.updated) })),
    ...docs.filter((r) => !docFilePaths.includes(r.path)).map((r) => ({ path: pathFor('docs', { slug: r.path }), lastmod: iso(r.updated) })),
  ];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A <urlset> of these entries, their paths made absolute on `origin`. */
export function urlSet(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${xml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `${HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> pointing at each part (`partPath(1)`, `partPath(2)`, …). */
export function sitemapIndex(origin: string, parts: ReadonlyArray<{ path: string; lastmod?: string }>): string {
  const items = parts.map((p) => `<sitemap><loc>${xml(origin + p.path)}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ''}</sitemap>`);
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The newest lastmod of these entries, for the index's line about their part. */
export const newest = (entries: readonly SitemapEntry[]) => entries.reduce<string | undefined>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), undefined);
