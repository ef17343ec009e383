import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FILE_ROUTES } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { serveUnparsed } from '../http/serve';
import { publicOrigin } from './public-origin';
import { robotsTxt } from './robots';
import { newest, SITEMAP_URL_LIMIT, sitemapIndex, urlSet } from './sitemap';
import { SitemapService } from './sitemap.service';

/** Crawlers read these at most hourly; a new event shows within the hour. */
const CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

export const SITEMAP_PATH = FILE_ROUTES.sitemap.path;
export const sitemapPartPath = (part: number) => FILE_ROUTES.sitemapPart.path.replace(':part', String(part));
const PartParams = z.object({ part: z.string() });

/**
 * /robots.txt and /sitemap.xml: one <urlset> while the site has at most `urlLimit` public
 * pages, else a <sitemapindex> of /sitemap-1.xml, /sitemap-2.xml, … (sitemaps.org's limit is
 * 50,000; tests pass a small one).
 */
export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext, options: { urlLimit?: number } = {}): void {
  const limit = options.urlLimit ?? SITEMAP_URL_LIMIT;
  const sitemap = new SitemapService(ctx);

  serveUnparsed(app, FILE_ROUTES.robotsTxt, async (request, reply) => reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(robotsTxt(publicOrigin(ctx.config, request))));

  serveUnparsed(app, FILE_ROUTES.sitemap, async (request, reply) => {
    const origin = publicOrigin(ctx.config, request);
    const entries = await sitemap.entries();
    reply.header('cache-control', CACHE).type(XML);
    if (entries.length <= limit) return reply.send(urlSet(origin, entries));
    const parts = Array.from({ length: Math.ceil(entries.length / limit) }, (_, i) => ({ path: sitemapPartPath(i + 1), lastmod: newest(entries.slice(i * limit, (i + 1) * limit)) }));
    return reply.send(sitemapIndex(origin, parts));
  });

  serveUnparsed(app, FILE_ROUTES.sitemapPart, async (request, reply) => {
    const { part: raw } = parse(PartParams, request.params);
    const part = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 0;
    const entries = part ? await sitemap.entries() : [];
    const slice = entries.slice((part - 1) * limit, part * limit);
    // Parts exist only while the site is split, and only as many as it needs.
    if (entries.length <= limit || slice.length === 0) throw notFound('Cette partie du plan du site n’existe pas.');
    return reply.header('cache-control', CACHE).type(XML).send(urlSet(publicOrigin(ctx.config, request), slice));
  });
}
