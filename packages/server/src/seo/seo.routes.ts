import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { publicOrigin } from './public-origin';
import { robotsTxt } from './robots';
import { newest, SITEMAP_URL_LIMIT, sitemapEntries, sitemapIndex, urlSet, type SitemapEntry } from './sitemap';
import { sortDocs } from '@sortie/core/domain';
import { readDocFiles } from '../docs/docs.service';
import { SERVER_PATHS } from '../runtime-paths';

/** Crawlers read these at most hourly; a new event shows within the hour. */
const CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
/** The list is read again at most this often per node, and at once after any write (the public cache's clear, on every node). */
const ENTRIES_TTL_MS = 5 * 60_000;

export const SITEMAP_PATH = '/sitemap.xml';
export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/**
 * /robots.txt and /sitemap.xml: one <urlset> while the site has at most `urlLimit` public
 * pages, else a <sitemapindex> of /sitemap-1.xml, /sitemap-2.xml, … (sitemaps.org's limit is
 * 50,000; tests pass a small one).
 */
export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext, options: { urlLimit?: number } = {}): void {
  const limit = options.urlLimit ?? SITEMAP_URL_LIMIT;
  // An index and its parts are read one after the other: one query of every public page serves them all.
  let kept: { at: number; entries: Promise<SitemapEntry[]> } | null = null;
  ctx.cache.onClear(() => {
    kept = null;
  });
  // The documentation's Markdown files ship with the server: read once.
  let docPaths: string[] | null = null;
  const docFilePaths = () => (docPaths ??= sortDocs(readDocFiles(SERVER_PATHS.docs)).map((page) => page.path.join('/')));
  const entriesNow = () => {
    if (!kept || ctx.now() - kept.at > ENTRIES_TTL_MS) {
      const entries = sitemapEntries(ctx.db, ctx.now(), docFilePaths());
      kept = { at: ctx.now(), entries };
      // A failed read is not kept: the next request tries again.
      entries.catch(() => {
        if (kept?.entries === entries) kept = null;
      });
    }
    return kept.entries;
  };

  app.get('/robots.txt', async (request, reply) => reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(robotsTxt(publicOrigin(ctx.config, request))));

  app.get(SITEMAP_PATH, async (request, reply) => {
    const origin = publicOrigin(ctx.config, request);
    const entries = await entriesNow();
    reply.header('cache-control', CACHE).type(XML);
    if (entries.length <= limit) return reply.send(urlSet(origin, entries));
    const parts = Array.from({ length: Math.ceil(entries.length / limit) }, (_, i) => ({ path: sitemapPartPath(i + 1), lastmod: newest(entries.slice(i * limit, (i + 1) * limit)) }));
    return reply.send(sitemapIndex(origin, parts));
  });

  app.get('/sitemap-:part.xml', async (request, reply) => {
    const { part: raw } = request.params as { part: string };
    const part = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 0;
    const entries = part ? await entriesNow() : [];
    const slice = entries.slice((part - 1) * limit, part * limit);
    // Parts exist only while the site is split, and only as many as it needs.
    if (entries.length <= limit || slice.length === 0) throw notFound('Cette partie du plan du site n’existe pas.');
    return reply.header('cache-control', CACHE).type(XML).send(urlSet(publicOrigin(ctx.config, request), slice));
  });
}
