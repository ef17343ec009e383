import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ROUTES, OPERATIONS, pathFor, RESOURCE_ROUTES, type OperationRoute } from '@sortie/core';
import { testApp } from './testing/test-app';
import type { ServedRoute } from './app';
import { buildOpenApi, openApiPath } from './openapi';
import { SHORT_LINK_ROUTES } from './openapi-docs';

/**
 * Core's operation table, whole: the operations (OPERATIONS), the CRUD of every resource
 * (RESOURCE_ROUTES) and the files served beside the API (FILE_ROUTES: the API reference's page
 * and files, the crawlers' files, the demo's files). The server registers each of its rows
 * through serve() or serveUnparsed() (http/serve.ts), which name the row in the route's config.
 */
const TABLE: OperationRoute[] = [...Object.values(OPERATIONS), ...Object.values(RESOURCE_ROUTES).flatMap((routes) => Object.values(routes)), ...Object.values(FILE_ROUTES)];
const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const tableRoutes = () => TABLE.map(key);

/**
 * The one exception: the short links (/r/{code}, answered before Fastify by its fast path, and
 * /r), registered in links.routes.ts at the paths of the pages' route table. The web app's
 * single-page fallback is Fastify's not-found handler, so it registers no route; its built files
 * (@fastify/static, one route per file of the build, named by the build) are absent where the web
 * app is not built, and the last test checks that they are all a built app adds.
 */
const SHORT_LINKS = [`GET ${pathFor('shortLink', { shortCode: '' })}:shortCode`, `POST ${pathFor('shortLink', { shortCode: '' })}:shortCode`, `GET ${pathFor('shortLinkRoot')}`];

/** The served routes that were not registered from their row of the table, the short links aside. */
function outsideTable(served: readonly ServedRoute[]): string[] {
  const rows = new Map(TABLE.map((route) => [route.name, key(route)]));
  return served
    .filter((route) => !SHORT_LINKS.includes(`${route.method} ${route.url}`))
    .filter((route) => !route.operation || rows.get(route.operation) !== `${route.method} ${route.url}`)
    .map((route) => `${route.method} ${route.url}`);
}

describe('the API contract (core OPERATIONS, RESOURCE_ROUTES and FILE_ROUTES) against the routes Fastify registers', () => {
  let served: ServedRoute[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const test = await testApp();
    close = test.close;
    served = test.app.routes.filter((route) => route.method !== 'HEAD');
  }, 60_000);
  afterAll(() => close());

  it('registers every served route from its row of the table, but the short links', () => {
    expect(served.length).toBeGreaterThan(tableRoutes().length);
    expect(outsideTable(served)).toEqual([]);
    expect(Object.keys(SHORT_LINK_ROUTES).sort()).toEqual([...SHORT_LINKS].sort());
  });

  it('serves every row of the table and the short links', () => {
    const routes = new Set(served.map((route) => `${route.method} ${route.url}`));
    expect([...tableRoutes(), ...SHORT_LINKS].filter((route) => !routes.has(route))).toEqual([]);
  });

  it('gives every row a unique name (its key) and a unique method and path', () => {
    for (const [name, operation] of Object.entries(OPERATIONS)) expect(operation.name).toBe(name);
    for (const [name, route] of Object.entries(FILE_ROUTES)) expect(route.name).toBe(name);
    expect(new Set(TABLE.map((route) => route.name)).size).toBe(TABLE.length);
    expect(new Set(tableRoutes()).size).toBe(TABLE.length);
  });

  it('describes every operation of the table in the OpenAPI document', () => {
    const { paths } = buildOpenApi() as { paths: Record<string, Record<string, { operationId: string }>> };
    const missing = TABLE.filter((route) => paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.operationId !== route.name);
    expect(missing.map((route) => route.name)).toEqual([]);
  });

  it('adds, once the web app is built, a route for each of its files and nothing else', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'sortie-web-'));
    mkdirSync(join(dist, 'assets'));
    const files = ['index.html', 'assets/app-3f2a.js', 'assets/app-3f2a.js.br', 'favicon.svg'];
    for (const file of files) writeFileSync(join(dist, file), '<!doctype html><title>Sortie</title>');
    const built = await testApp({ config: { webDist: dist } });
    try {
      expect(outsideTable(built.app.routes).sort()).toEqual(files.map((file) => `GET /${file}`).sort());
    } finally {
      await built.close();
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);

  it('catches a route registered by hand, or from a row with another method or path', () => {
    const byHand = [
      { method: 'GET', url: '/api/me/unlisted' },
      { method: 'GET', url: '/robots.txt' },
      { method: 'POST', url: '/api/auth/me', operation: 'me' },
    ];
    expect(outsideTable([...served, ...byHand])).toEqual(['GET /api/me/unlisted', 'GET /robots.txt', 'POST /api/auth/me']);
  });
});
