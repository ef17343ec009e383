import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FILE_ROUTES, OPERATIONS, operationPath } from '@sortie/core';
import { notFound, parse } from '../http/errors';
import { serve, serveUnparsed } from '../http/serve';
import { buildOpenApi } from '../openapi';

/**
 * Redoc's standalone bundle: beside the built server (the build copies it to dist/reference/,
 * so that a production install needs no Redoc package), else from the workspace's devDependency.
 */
function redocBundlePath(): string | null {
  const beside = fileURLToPath(new URL('./reference/redoc.standalone.js', import.meta.url));
  if (existsSync(beside)) return beside;
  try {
    return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    return null;
  }
}

/** The page's own policy: scripts from files of this server only (no inline script, no eval); Redoc's search runs in a blob: worker and its styles are inline. */
const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  // Nothing from elsewhere: Redoc's « API docs by Redocly » logo (on its CDN) is refused and hides itself.
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The page's files, at the paths of core's FILE_ROUTES, and the document it reads. */
const fileUrl = (file: string) => operationPath(FILE_ROUTES.apiReferenceAsset, { file });
const DOCUMENT_URL = OPERATIONS.openApi.path;
const FileParams = z.object({ file: z.string() });

const PAGE = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Référence de l’API — Sortie</title>
<meta name="description" content="La référence de l’API de Sortie : chaque route, ses paramètres, ses réponses et ses erreurs.">
<link rel="stylesheet" href="${fileUrl('reference.css')}">
</head>
<body>
<noscript><p>Cette page a besoin de JavaScript. Le document lui-même est sur <a href="${DOCUMENT_URL}">${DOCUMENT_URL}</a>.</p></noscript>
<redoc spec-url="${DOCUMENT_URL}" path-in-middle-panel="true" required-props-first="true" sort-props-alphabetically="false" expand-responses="200,201"></redoc>
<script src="${fileUrl('redoc.standalone.js')}"></script>
</body>
</html>
`;

const STYLE = `body { margin: 0; }
noscript p { font: 16px/1.5 system-ui, sans-serif; padding: 2rem; }
`;

/** The server's origin as the caller reached it, for the document's `servers` and links. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * GET /api/openapi.json (core's `openApi` operation), and /api/reference: the same document
 * read in Redoc, served from this server (no CDN), under a strict policy. The page and its files
 * are registered beside /api's plugin, as the web app's files are: they are not API calls.
 */
export function registerOpenApiRoute(app: FastifyInstance): void {
  const documents = new Map<string, unknown>();
  serve(app, OPERATIONS.openApi, async (_input, { request }) => {
    const origin = originOf(request);
    let document = documents.get(origin);
    if (!document) {
      // One per origin the server is reached at (a handful: its domain, localhost), built once.
      if (documents.size > 20) documents.clear();
      documents.set(origin, (document = buildOpenApi({ origin })));
    }
    return document;
  });
}

export function registerReferenceRoutes(app: FastifyInstance): void {
  let bundle: Promise<Buffer> | null = null;

  serveUnparsed(app, FILE_ROUTES.apiReference, async (_request, reply) =>
    reply.header('content-security-policy', REFERENCE_CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );

  serveUnparsed(app, FILE_ROUTES.apiReferenceAsset, async (request, reply) => {
    const { file } = parse(FileParams, request.params);
    if (file === 'reference.css') return reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLE);
    if (file !== 'redoc.standalone.js') throw notFound('Fichier introuvable.');
    const path = redocBundlePath();
    if (!path) throw notFound('Le lecteur de la référence (Redoc) n’est pas installé : lisez /api/openapi.json.');
    bundle ??= readFile(path);
    return reply.header('cache-control', 'public, max-age=86400').type('text/javascript; charset=utf-8').send(await bundle);
  });
}
