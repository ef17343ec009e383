import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '@sortie/core';
import { testApp } from './testing/test-app';
import { openApiPath } from './openapi';
import { OPERATION_DOCS } from './openapi-docs';

/** Redocly's command line, installed at the workspace's root (its API is ESM-only and heavy to load here). */
const REDOCLY = fileURLToPath(new URL('../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

type Document = {
  info: { license?: { name: string }; description: string };
  servers: Array<{ url: string }>;
  paths: Record<
    string,
    Record<string, { operationId: string; summary: string; security: unknown[]; parameters?: Array<{ name: string }>; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown>; responses: Record<string, { headers?: Record<string, unknown> }> };
};
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

describe('the OpenAPI document served at /api/openapi.json', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let document: Document;
  let body: string;
  beforeAll(async () => {
    t = await testApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'sortie.exemple.fr' } });
    expect(res.statusCode).toBe(200);
    body = res.body;
    document = res.json() as Document;
  }, 60_000);
  afterAll(() => t.close());

  /** The routes Fastify registered (its onRoute hook, in app.routes) that the document does not list. */
  const missingFrom = (routes: ReadonlyArray<{ method: string; url: string }>) => {
    const listed = new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    return routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS').map((route) => `${route.method} ${openApiPath(route.url)}`).filter((route) => !listed.has(route));
  };

  it('lists every route Fastify registered, with its method', () => {
    expect(t.app.routes.length).toBeGreaterThan(150);
    expect(missingFrom(t.app.routes)).toEqual([]);
    // …and a route added without its row shows up.
    expect(missingFrom([...t.app.routes, { method: 'GET', url: '/api/me/unlisted' }, { method: 'DELETE', url: '/api/me/apiKeys' }])).toEqual(['GET /api/me/unlisted', 'DELETE /api/me/apiKeys']);
  });

  it('gives every operation an operationId, a French summary from its row, its security and a described success', () => {
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = methods[method];
        if (!operation) continue;
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary.length, `${method} ${path}`).toBeGreaterThan(3);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        const success = Object.entries(operation.responses).find(([status]) => /^[23]/.test(status));
        expect(success, `${method} ${path}`).toBeDefined();
        // A body is described by its schema, except for « nothing » (204) and a redirect (302).
        if (success![0] !== '204' && success![0] !== '302') expect(Object.values(success![1].content ?? {})[0]?.schema, `${method} ${path}`).toBeDefined();
      }
    }
    expect(Object.keys(OPERATIONS).filter((name) => !OPERATION_DOCS[name])).toEqual([]);
    expect(document.paths['/api/me/apiKeys']!.post!.responses['201']!.content!['application/json']!.schema).toMatchObject({ required: expect.arrayContaining(['key', 'prefix', 'scopes']) });
    expect(document.paths['/api/events/{id}']!.patch!.responses).toHaveProperty('403');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'session']);
    expect(document.servers).toEqual([{ url: 'http://sortie.exemple.fr', description: 'Ce serveur' }]);
    expect(document.info.license?.name).toBeTruthy();
    // The limits and the pagination, as an integrator reads them (issue 35).
    expect(document.info.description).toContain('RateLimit-Remaining');
    expect(document.info.description).toContain('`?cursor=`');
    expect(Object.keys(document.components.responses.TooManyRequests?.headers ?? {})).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Retry-After']);
    expect(document.paths['/api/places']!.get!.parameters?.map((parameter) => parameter.name)).toContain('cursor');
    expect(document.paths['/api/events']!.get!.parameters?.find((parameter) => parameter.name === 'cursor')).toMatchObject({ schema: { type: 'string' } });
    expect(document.components.responses.TooManyRequests).toBeDefined();
    expect(document.components.schemas.PageMeta).toMatchObject({ properties: { nextCursor: expect.anything() } });
  });

  it('passes Redocly’s recommended rules without an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sortie-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, body);
      const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--extends=recommended', '--format=json', file], { maxBuffer: 64 * 1024 * 1024 }).catch(
        (failure: { stdout: string; stderr: string }) => failure,
      );
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { totals: { errors: number }; problems: Array<{ ruleId: string; severity: string; message: string }> };
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the API reference page at /api/reference', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  }, 60_000);
  afterAll(() => t.close());

  it('is a French page reading the document in Redoc, served from this server, with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('spec-url="/api/openapi.json"');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes!.trim())).toEqual(['src="/api/reference/redoc.standalone.js"']);
    expect(scripts.every(([, , content]) => content!.trim() === '')).toBe(true);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe/);

    const bundle = await t.app.inject({ method: 'GET', url: '/api/reference/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body.length).toBeGreaterThan(500_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/reference/autre.js' })).statusCode).toBe(404);
  });
});
