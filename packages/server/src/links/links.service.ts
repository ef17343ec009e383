import { addDays, HOME_PATH, isObjectId, isShortCode, LinkGoneError, LinkNotFoundError, parisDay, ValidationError, type LinkStats, type Visit } from '@sortie/core';
import type { AppContext } from '../http/context';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/availability';
import { forbidden, notFound } from '../http/errors';
import { verifyPassword } from '../auth/passwords';
import { countAttempt } from '../http/rate-limit-store';
import type { CachedLink, VisitRequest } from './short-links';
import { visitBatches } from './visit-batches';
import { INSERT_VISIT_BATCHES } from './visit-statements';
import { venuePage } from './venue-page';

/** Wrong passwords of a link allowed from one address before it waits (issue 36). */
export const LINK_PASSWORD_ATTEMPTS = 5;
/** How long it then waits. */
export const LINK_PASSWORD_WAIT_MS = 60_000;

/** What /r/{code} answers: a redirect, or a page of its own (a password to give, a link that is over). */
export type RedirectOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'password'; error?: string; referrer: string }
  | { kind: 'wait'; seconds: number }
  | { kind: 'gone'; refusal: 'exhausted' | { expiresAt: number } }
  /** A venue's link page (« lien en bio »): the visit is counted as a redirect's. */
  | { kind: 'page'; html: string }
  /** The server is stopping: its last visits are being written, a new one could not be (a 503, worth a retry elsewhere). */
  | { kind: 'stopping' };

/** What the visitor's request said: its user agent, referrer, QR mark, method, address, and the password it posted if any. */
export interface RedirectRequest extends VisitRequest {
  userAgent: string;
  /** The visitor's address: only to count its wrong passwords, never stored with the visit. */
  ip?: string;
  password?: string;
}

/** A short link as POST /api/dynaLinks/visit answers it. */
export interface VisitedLink {
  _id: string;
  url: unknown;
  shortCode: unknown;
  visitCount: unknown;
  createdAt: string;
  updatedAt: string;
}

/** A page of a link's visits, newest first. */
export interface LinkVisitsPage {
  meta: { total: number; limit: number; offset: number };
  items: Array<{ datetime: string; userAgent: string }>;
}

/**
 * The short links and shares of SPEC.md §7: following a link (by its code, or its id), the
 * visits of a link, and the views of a share. Visits through /r are buffered by ShortLinks
 * (ctx.links); the API's writes are transactions of their own here.
 */
export class LinkService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Where GET /r/{shortCode} sends the visitor: the link's url (the visit buffered), or /home.
   * The database away and the link not known here: DatabaseUnavailableError (a 503, worth a
   * retry), not /home as for a link that does not exist; any other failure is logged, then /home.
   */
  async redirectTarget(code: string, userAgent: string, log: (error: unknown) => void): Promise<string> {
    const outcome = await this.redirect(code, { userAgent }, log);
    return outcome.kind === 'redirect' ? outcome.location : HOME_PATH;
  }

  /**
   * Where /r/{code} sends the visitor when memory alone can tell, without a query: a code that
   * cannot be one, or that leads nowhere, goes /home at once; a usable link without a password
   * leads to its target once the visit is stored (group commit, issue 34). Calls `answer` with
   * the location and returns true; false when the database must be read or a page answered:
   * then redirect() says.
   */
  redirectNow(code: string, request: RedirectRequest, answer: (location: string) => void): boolean {
    if (!isShortCode(code)) return (answer(HOME_PATH), true);
    const links = this.ctx.links;
    const link = links.cached(code);
    if (link === undefined || links.stopping) return false;
    if (link === null) return (answer(HOME_PATH), true);
    if (link.passwordHash || link.page || !links.usable(link)) return false;
    links.record(link, request.userAgent, undefined, request, answer);
    return true;
  }

  /** Records a visit of `link` and resolves with where it leads once it is stored (or the database is away: see ShortLinks.record). */
  private recordStored(link: CachedLink, request: RedirectRequest): Promise<string> {
    return new Promise((resolve) => this.ctx.links.record(link, request.userAgent, undefined, request, resolve));
  }

  /**
   * What /r/{code} answers (issue 36): the link's target for the visitor's system, the visit
   * buffered; for a link with a password, the page asking for it until the right one is posted
   * (5 wrong ones from an address wait a minute); for a link that is over, a page saying so;
   * for a venue's link page, that page (its events and links, kept VENUE_PAGE_TTL_MS), the visit
   * counted all the same; /home for a code that leads nowhere. No other query than the link's
   * first load: the password's attempts are counted only when one is posted.
   */
  async redirect(code: string, request: RedirectRequest, log: (error: unknown) => void): Promise<RedirectOutcome> {
    const home = { kind: 'redirect', location: HOME_PATH } as const;
    if (!isShortCode(code)) return home;
    const links = this.ctx.links;
    if (links.stopping) return { kind: 'stopping' };
    try {
      const link = await links.find(code);
      if (!link) return home;
      if (!links.usable(link)) {
        const refusal = await links.refusal(code);
        return refusal === null || refusal === 'unknown' ? home : { kind: 'gone', refusal };
      }
      if (link.passwordHash) {
        const referrer = request.referrer ?? '';
        if (request.password === undefined) return { kind: 'password', referrer };
        const key = `link-password:${link.id}:${request.ip ?? ''}`;
        const waited = await this.passwordWait(key);
        if (waited) return { kind: 'wait', seconds: waited };
        if (!(await verifyPassword(request.password, link.passwordHash))) {
          const { current, ttl } = await countAttempt(this.ctx.db, key, LINK_PASSWORD_WAIT_MS, this.ctx.now());
          if (current >= LINK_PASSWORD_ATTEMPTS) return { kind: 'wait', seconds: Math.max(1, Math.ceil(ttl / 1000)) };
          return { kind: 'password', error: 'Mot de passe incorrect.', referrer };
        }
      }
      if (link.page) {
        // Its place or organisation gone: the link leads to its url, as any other.
        const html = await venuePage(this.ctx, link.page);
        const location = await this.recordStored(link, request);
        return html === null ? { kind: 'redirect', location } : { kind: 'page', html };
      }
      return { kind: 'redirect', location: await this.recordStored(link, request) };
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
      log(error);
      return home;
    }
  }

  /** Seconds this address still waits before it may try a link's password again (0: it may). */
  private async passwordWait(key: string): Promise<number> {
    const [row] = await this.ctx.db.query<{ count: number; ttl: number }>(
      `SELECT count, ceil(extract(epoch FROM reset_at - $2::timestamptz))::int AS ttl FROM rate_limits WHERE key = $1 AND reset_at > $2::timestamptz`,
      [key, new Date(this.ctx.now()).toISOString()],
    );
    return row && row.count >= LINK_PASSWORD_ATTEMPTS ? Math.max(1, row.ttl) : 0;
  }

  /**
   * A link's statistics from `from` to `to` (Paris days, both included; the last 30 days by
   * default): every day of the range with its humans, bots and QR scans, then the referrers'
   * hosts and the devices, each list summing to the visits of the range. The buffered visits
   * are written first, so that a visit made a moment ago is counted.
   */
  async stats(id: string, query: { from?: string | undefined; to?: string | undefined }): Promise<LinkStats> {
    if (!isObjectId(id) || !(await this.ctx.store.get('dynaLinks', id))) throw new LinkNotFoundError();
    const to = query.to ?? parisDay(this.ctx.now());
    const from = query.from ?? addDays(to, -29);
    if (from > to) throw new ValidationError('La date de début doit précéder celle de fin.');
    if (addDays(from, 366) <= to) throw new ValidationError('Une année au plus à la fois.');
    await this.ctx.links.settled();
    const range = [id, from, to];
    const where = 'link_id = $1 AND day >= $2 AND day <= $3';
    const [days, referrers, devices] = await Promise.all([
      this.ctx.db.query<{ day: string; humans: number; bots: number; qr: number }>(
        `SELECT day, count(*) FILTER (WHERE NOT bot)::int AS humans, count(*) FILTER (WHERE bot)::int AS bots, count(*) FILTER (WHERE qr)::int AS qr FROM dyna_link_visits WHERE ${where} GROUP BY day`,
        range,
      ),
      this.ctx.db.query<{ host: string | null; visits: number }>(`SELECT referrer_host AS host, count(*)::int AS visits FROM dyna_link_visits WHERE ${where} GROUP BY referrer_host ORDER BY visits DESC, host NULLS LAST`, range),
      this.ctx.db.query<{ device: string | null; system: string | null; visits: number }>(
        `SELECT device, system, count(*)::int AS visits FROM dyna_link_visits WHERE ${where} GROUP BY device, system ORDER BY visits DESC, device, system`,
        range,
      ),
    ]);
    const byDay = new Map(days.map((row) => [row.day, row]));
    const every: LinkStats['days'] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const row = byDay.get(day);
      every.push({ day, humans: row?.humans ?? 0, bots: row?.bots ?? 0, qr: row?.qr ?? 0 });
    }
    return {
      days: every,
      referrers: referrers.map((row) => ({ host: row.host, visits: row.visits })),
      devices: devices.map((row) => ({ device: row.device ?? 'desktop', system: row.system ?? 'Autre', visits: row.visits })),
    };
  }

  /**
   * Follows a link by its code and answers it once the visit is stored (unlike /r), so that a
   * reader sees it at once. An expired or used-up link says so (LinkGoneError, 410), so that
   * its owner or a script knows it existed; an unknown one is LinkNotFoundError.
   */
  async visitByCode(shortCode: string, userAgent: string, datetime?: string): Promise<VisitedLink> {
    // A link with a password never tells where it leads without it (issue 36).
    if ((await this.ctx.links.find(shortCode))?.passwordHash) throw forbidden('Ce lien est protégé par un mot de passe : ouvrez-le à son adresse /r/{code}.');
    const url = await this.ctx.links.visit(shortCode, userAgent, datetime);
    if (!url) {
      const refusal = await this.ctx.links.refusal(shortCode);
      if (refusal !== null && refusal !== 'unknown') throw new LinkGoneError(refusal);
      throw new LinkNotFoundError();
    }
    await this.ctx.links.settled();
    const link = await this.ctx.store.getBy('dynaLinks', 'short_code', shortCode);
    if (!link) throw new LinkNotFoundError();
    return { _id: link._id, url: link.url, shortCode: link.shortCode, visitCount: link.visitCount, createdAt: link.createdAt, updatedAt: link.updatedAt };
  }

  /** Records a visit of the link `id` and counts it, in one transaction (LinkNotFoundError when there is no such link). */
  async recordVisit(id: string, visit: Visit): Promise<void> {
    const found = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.query('SELECT id FROM dyna_links WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) return false;
      const { rows: batch } = visitBatches([{ linkId: id, at: Date.parse(visit.datetime), userAgent: visit.userAgent, referrer: '', qr: false, head: false, target: '' }]);
      await tx.query(INSERT_VISIT_BATCHES, [batch]);
      await this.ctx.store.bump('dynaLinks', id, 'visitCount', 1, tx);
      return true;
    });
    if (!found) throw new LinkNotFoundError();
    this.ctx.links.invalidate();
  }

  /** The visits of a link, newest first (what `sortie links visits <id>` shows, issue 5); the buffered ones written first, so the list is complete. */
  async visits(id: string, page: { limit: number; offset: number }): Promise<LinkVisitsPage> {
    if (!isObjectId(id) || !(await this.ctx.store.get('dynaLinks', id))) throw new LinkNotFoundError();
    await this.ctx.links.settled();
    const [count] = await this.ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM dyna_link_visits WHERE link_id = $1', [id]);
    const rows = await this.ctx.db.query<{ datetime: string | Date; user_agent: string }>(
      'SELECT datetime, user_agent FROM dyna_link_visits WHERE link_id = $1 ORDER BY datetime DESC, id DESC LIMIT $2 OFFSET $3',
      [id, page.limit, page.offset],
    );
    return {
      meta: { total: Number(count?.n ?? 0), limit: page.limit, offset: page.offset },
      items: rows.map((row) => ({ datetime: new Date(row.datetime).toISOString(), userAgent: row.user_agent })),
    };
  }

  /** Records a view of the share `id`, now, and counts it, in one transaction (404 « Partage introuvable. » when there is no such share). */
  async recordShareView(id: string, userAgent: string): Promise<void> {
    const found = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.query('SELECT id FROM shares WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) return false;
      await tx.query('INSERT INTO share_views (share_id, datetime, user_agent) VALUES ($1, $2, $3)', [id, new Date(this.ctx.now()).toISOString(), userAgent]);
      await this.ctx.store.bump('shares', id, 'viewCount', 1, tx);
      return true;
    });
    if (!found) throw notFound('Partage introuvable.');
  }
}
