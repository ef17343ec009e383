import { HOME_PATH, isObjectId, isShortCode, LinkGoneError, LinkNotFoundError, type Visit } from '@sortie/core';
import type { AppContext } from '../http/context';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/availability';
import { notFound } from '../http/errors';

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
    if (!isShortCode(code)) return HOME_PATH;
    try {
      return (await this.ctx.links.visit(code, userAgent)) ?? HOME_PATH;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
      log(error);
      return HOME_PATH;
    }
  }

  /**
   * Follows a link by its code and answers it once the visit is stored (unlike /r), so that a
   * reader sees it at once. An expired or used-up link says so (LinkGoneError, 410), so that
   * its owner or a script knows it existed; an unknown one is LinkNotFoundError.
   */
  async visitByCode(shortCode: string, userAgent: string, datetime?: string): Promise<VisitedLink> {
    const url = await this.ctx.links.visit(shortCode, userAgent, datetime);
    if (!url) {
      const refusal = await this.ctx.links.refusal(shortCode);
      if (refusal !== null && refusal !== 'unknown') throw new LinkGoneError(refusal);
      throw new LinkNotFoundError();
    }
    await this.ctx.links.flush();
    const link = await this.ctx.store.getBy('dynaLinks', 'short_code', shortCode);
    if (!link) throw new LinkNotFoundError();
    return { _id: link._id, url: link.url, shortCode: link.shortCode, visitCount: link.visitCount, createdAt: link.createdAt, updatedAt: link.updatedAt };
  }

  /** Records a visit of the link `id` and counts it, in one transaction (LinkNotFoundError when there is no such link). */
  async recordVisit(id: string, visit: Visit): Promise<void> {
    const found = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.query('SELECT id FROM dyna_links WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) return false;
      await tx.query('INSERT INTO dyna_link_visits (link_id, datetime, user_agent) VALUES ($1, $2, $3)', [id, visit.datetime, visit.userAgent]);
      await this.ctx.store.bump('dynaLinks', id, 'visitCount', 1, tx);
      return true;
    });
    if (!found) throw new LinkNotFoundError();
    this.ctx.links.invalidate();
  }

  /** The visits of a link, newest first (what `sortie links visits <id>` shows, issue 5); the buffered ones written first, so the list is complete. */
  async visits(id: string, page: { limit: number; offset: number }): Promise<LinkVisitsPage> {
    if (!isObjectId(id) || !(await this.ctx.store.get('dynaLinks', id))) throw new LinkNotFoundError();
    await this.ctx.links.flush();
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
