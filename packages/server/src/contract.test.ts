import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, RESOURCES } from '@sortie/core';
import { testApp } from './testing/test-app';
import { buildOpenApi, openApiPath } from './openapi';
import { OTHER_ROUTES } from './openapi-docs';

/**
 * Served by the server but not API calls of the table: the short-link redirect (a 302 for
 * printed QR codes), the demo's files, the crawlers' files, the API reference's page. Each has
 * its row, with what the OpenAPI document says of it, in openapi-docs.ts. The web app's
 * single-page fallback is Fastify's not-found handler, so it registers no route.
 */
const INFRASTRUCTURE = Object.keys(OTHER_ROUTES);

/** Every route the CRUD of RESOURCES registers. */
function resourceRoutes(): string[] {
  return Object.values(RESOURCES).flatMap(({ apiPath }) => {
    const base = `/api/${apiPath}`;
    return [`GET ${base}`, `POST ${base}`, `GET ${base}/:id`, `PATCH ${base}/:id`, `DELETE ${base}/:id`];
  });
}

const tableRoutes = () => Object.values(OPERATIONS).map((operation) => `${operation.method} ${operation.path}`);

/** The served routes that neither the table, RESOURCES nor the infrastructure list declares. */
function undeclared(served: string[]): string[] {
  const declared = new Set([...tableRoutes(), ...resourceRoutes(), ...INFRASTRUCTURE]);
  return served.filter((route) => !declared.has(route));
}

describe('the API contract (core OPERATIONS and RESOURCES) against the routes Fastify registers', () => {
  let served: string[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const test = await testApp();
    close = test.close;
    served = test.app.routes.filter((route) => route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
  }, 60_000);
  afterAll(() => close());

  it('declares every served route in the table, in RESOURCES or as infrastructure', () => {
    expect(served.length).toBeGreaterThan(tableRoutes().length);
    expect(undeclared(served)).toEqual([]);
  });

  it('serves every operation of the table and every infrastructure route', () => {
    const routes = new Set(served);
    expect([...tableRoutes(), ...INFRASTRUCTURE].filter((route) => !routes.has(route))).toEqual([]);
  });

  it('gives every operation a unique name (its key) and a unique method and path', () => {
    for (const [key, operation] of Object.entries(OPERATIONS)) expect(operation.name).toBe(key);
    expect(new Set(tableRoutes()).size).toBe(tableRoutes().length);
  });

  it('describes every operation of the table in the OpenAPI document', () => {
    const { paths } = buildOpenApi() as { paths: Record<string, Record<string, unknown>> };
    const missing = Object.values(OPERATIONS).filter((operation) => !paths[openApiPath(operation.path)]?.[operation.method.toLowerCase()]);
    expect(missing.map((operation) => operation.name)).toEqual([]);
  });

  it('catches a route added without a row', () => {
    expect(undeclared([...served, 'GET /api/me/unlisted', 'POST /api/auth/me'])).toEqual(['GET /api/me/unlisted', 'POST /api/auth/me']);
  });
});
