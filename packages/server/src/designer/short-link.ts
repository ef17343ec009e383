import type { AppContext } from '../http/context';
import { randomShortCode } from '../links/codes';

export interface ShortLink {
  code: string;
  /** The address printed under the QR code: {origin}/r/{code}. */
  url: string;
  /** Where it leads: the page of the event, the place or the tournament. */
  target: string;
}

/**
 * A lasting short link (no expiry, no maximum of visits) that leads to `target`: the first one
 * staff made for that page, or null when there is none.
 */
export async function findShortLink(ctx: AppContext, origin: string, target: string): Promise<ShortLink | null> {
  const [row] = await ctx.db.query<{ short_code: string }>(
    `SELECT short_code FROM dyna_links WHERE url = $1 AND NOT (data ? 'expiresAt') AND NOT (data ? 'maxVisits') ORDER BY created_at, id LIMIT 1`,
    [target],
  );
  return row ? { code: row.short_code, url: `${origin}/r/${row.short_code}`, target } : null;
}

/**
 * The page's short link, made (a dyna link, as staff make them in /dashboard/dynaLinks) when the
 * page has none yet: a poster printed today keeps working, and its visits are counted.
 */
export async function ensureShortLink(ctx: AppContext, origin: string, target: string, createdBy: string): Promise<ShortLink> {
  const found = await findShortLink(ctx, origin, target);
  if (found) return found;
  for (let attempt = 0; ; attempt++) {
    const code = randomShortCode();
    const [row] = await ctx.db.query<{ id: string }>(`SELECT id FROM dyna_links WHERE short_code = $1`, [code]);
    if (row && attempt < 5) continue;
    await ctx.store.insert('dynaLinks', { url: target, shortCode: code, visitCount: 0, createdBy });
    ctx.links.invalidate();
    return { code, url: `${origin}/r/${code}`, target };
  }
}
