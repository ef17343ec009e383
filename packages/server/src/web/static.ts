import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../http/errors';
import { discoveryLinks, discoveryLinksHtml, NotFoundError } from '@sortie/core';
import { COMPRESSION_THRESHOLD_BYTES, negotiateEncoding } from '../http/encoding';
import { allowScriptHashes, staticCacheHeaders } from './delivery';
import { injectFetch, loadPageRenderer } from './page-renderer';
import { PageCache } from './page-cache';
import { publicOrigin } from '../seo/public-origin';
import type { ServerConfig } from '../config';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Sortie</title>
<style>body{font-family:system-ui,sans-serif;background:#0f1115;color:#eee;max-width:40rem;margin:4rem auto;padding:0 1rem}code{color:#ffb020}</style></head>
<body><h1>Sortie</h1><p>L’application web n’est pas encore construite.</p>
<p>Lancez <code>pnpm --filter @sortie/web build</code>, puis rechargez cette page. L’API répond déjà sous <code>/api</code> (référence : <code>/api/reference</code>).</p></body></html>`;

/**
 * A page, unless the client asks specifically for JSON: browsers send text/html, link-preview
 * fetchers and curl `*\/*` or nothing, and all of them get the page.
 */
export function wantsPage(accept: string | undefined): boolean {
  if (!accept) return true;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  return !types.includes('application/json') || types.includes('text/html');
}

const decodeSafely = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** A file of the build (an asset, the manifest, an icon): its extension says so. */
const looksLikeFile = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path);

/**
 * The built web app: its files, and its pages — the public ones rendered here (their content,
 * head and structured data in the first response), the others the app's shell for the
 * browser to draw. Unknown addresses and missing records answer 404 with the French page.
 */
/** The public pages' cache: its clock and lifetime (the API's public cache's), and that cache's clears. */
export interface PageCaching {
  now: () => number;
  ttlMs: number;
  onClear(listener: () => void): void;
}

export async function registerWebApp(app: FastifyInstance, webDist: string, config?: Pick<ServerConfig, 'publicUrl'>, caching?: PageCaching): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  // The build writes a .br and a .gz beside each text asset (web/scripts/precompress.mjs).
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true, cacheControl: false, setHeaders: staticCacheHeaders });
  const pages = built ? await loadPageRenderer(webDist) : null;
  const fetchApi = injectFetch(app);
  const cache = new PageCache(caching?.now ?? Date.now, caching?.ttlMs ?? 0);
  caching?.onClear(() => cache.clear());

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'Accept');
    if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    if (pages) {
      const origin = publicOrigin(config ?? { publicUrl: null }, request);
      const page = await cache.page(`${origin}${request.url}`, async () => {
        const runtimeConfig = (await app.inject({ method: 'GET', url: '/api/config' })).json();
        return pages.renderer.render({ url: request.url, origin, config: runtimeConfig, template: pages.template, fetch: fetchApi });
      });
      if (page) {
        allowScriptHashes(reply, page.scriptHashes);
        reply.status(page.status).type('text/html; charset=utf-8').header('vary', 'Accept, Accept-Encoding');
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        if (!encoding || Buffer.byteLength(page.html) < COMPRESSION_THRESHOLD_BYTES) return reply.send(page.html);
        return reply.header('content-encoding', encoding).send(page.encoded(encoding));
      }
    }
    // The shell: the browser draws the page (the dashboard, a visitor's own pages); a tournament's carries its oEmbed link (issue 35).
    const links = pages ? discoveryLinks(request.url.split('?')[0] ?? '/', publicOrigin(config ?? { publicUrl: null }, request)) : [];
    if (pages && links.length) return reply.type('text/html; charset=utf-8').send(pages.template.replace('</head>', () => `  ${discoveryLinksHtml(links).join('\n    ')}\n  </head>`));
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Judged as decoded (`/%2eenv` names the file .env, `/%61pi` the API), as the file server reads it.
    const decoded = decodeSafely(path);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    const outsideApi = decoded !== null && !decoded.startsWith('/api') && !decoded.startsWith('/socket.io');
    // A file that is not there, wherever the address points (a traversal included), is one answer: 404.
    if (readable && outsideApi && !looksLikeFile(decoded) && wantsPage(request.headers.accept)) return sendPage(request, reply);
    return reply.status(404).send(errorBody(new NotFoundError(`Page not found: ${path}`)));
  });
}
