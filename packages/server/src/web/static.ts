import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../http/errors';
import { NotFoundError } from '@sortie/core';
import { staticCacheHeaders } from './delivery';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Sortie</title>
<style>body{font-family:system-ui,sans-serif;background:#0f1115;color:#eee;max-width:40rem;margin:4rem auto;padding:0 1rem}code{color:#ffb020}</style></head>
<body><h1>Sortie</h1><p>L’application web n’est pas encore construite.</p>
<p>Lancez <code>pnpm --filter @sortie/web build</code>, puis rechargez cette page. L’API répond déjà sous <code>/api</code> (référence : <code>/api/reference</code>).</p></body></html>`;

/** The built web app with its single-page fallback, or a French page saying it is not built. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  // The build writes a .br and a .gz beside each text asset (web/scripts/precompress.mjs).
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true, cacheControl: false, setHeaders: staticCacheHeaders });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !path.startsWith('/socket.io') && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) {
      if (built) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    if (built && request.method === 'GET' && !path.startsWith('/api') && !path.includes('..')) {
      const file = decodeURIComponent(path).replace(/^\/+/, '');
      if (file && existsSync(join(webDist, file))) return reply.sendFile(file);
    }
    return reply.status(404).send(errorBody(new NotFoundError(`Page not found: ${path}`)));
  });
}
