import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load, YAML11_SCHEMA } from 'js-yaml';
import { OPERATION_ROUTES } from '@sortie/core';

// The images are not built here (no registry): what `docker compose up` would run is checked by
// reading compose.yaml, the Caddyfile and the Dockerfile against what the server expects.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}
// YAML 1.1, as docker compose reads it (merge keys `<<:`).
const compose = load(read('compose.yaml'), { schema: YAML11_SCHEMA }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const nodes = Object.entries(compose.services).filter(([, service]) => service.image?.startsWith('sortie'));
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1]);

describe('docker compose: PostgreSQL, two Sortie nodes, a load balancer', () => {
  it('runs PostgreSQL with a volume and a health check the nodes wait for', () => {
    expect(nodes).toHaveLength(2);
    const postgres = compose.services['postgres']!;
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(postgres.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    for (const [, node] of nodes) expect(node.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('runs two identical nodes on one DATABASE_URL, in production, ready-checked, with time to stop', () => {
    expect(nodes.map(([name]) => name)).toEqual(['sortie-a', 'sortie-b']);
    const [[, a], [, b]] = nodes as [[string, Service], [string, Service]];
    expect(a).toEqual(b);
    expect(a.build).toBe('.');
    expect(a.environment?.['DATABASE_URL']).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/\w+$/);
    expect(a.environment).toMatchObject({ NODE_ENV: 'production', SORTIE_TRUST_PROXY: '1', SORTIE_SECURE_COOKIES: '1' });
    expect(a.environment?.['SORTIE_SECRET']).toMatch(/^\$\{SORTIE_SECRET:\?/);
    expect(a.healthcheck?.test.join(' ')).toContain(OPERATION_ROUTES.ready.path);
    // The node exits within 10 s of SIGTERM: compose must not SIGKILL it before.
    expect(seconds(a.stop_grace_period!)).toBeGreaterThan(10);
  });

  it('puts Caddy in front of both nodes, balanced on /api/ready, over HTTPS', () => {
    const caddy = compose.services['caddy']!;
    expect(caddy.image).toMatch(/^caddy:/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.depends_on).toEqual(expect.arrayContaining(['sortie-a', 'sortie-b']));
    const mount = caddy.volumes!.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'))!;
    const caddyfile = read(mount.split(':')[0]!.replace(/^\.\//, ''));
    expect(caddyfile).toMatch(/reverse_proxy sortie-a:3000 sortie-b:3000/);
    expect(caddyfile).toContain(`health_uri ${OPERATION_ROUTES.ready.path}`);
    expect(caddyfile).not.toMatch(/lb_policy (cookie|ip_hash|client_ip_hash)/);
  });

  it('builds one image that serves the web app and runs the server, checked on /api/ready', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:20/m);
    expect(dockerfile).toContain('pnpm install --frozen-lockfile');
    expect(dockerfile).toContain('pnpm --filter @sortie/web build');
    // The server built for node alone and installed with its production dependencies only.
    expect(dockerfile).toContain('pnpm --filter @sortie/server deploy --prod');
    expect(dockerfile).toMatch(/CMD \["node", "--enable-source-maps", "dist\/main\.mjs"\]/);
    expect(dockerfile).not.toContain('src/main.ts');
    expect(dockerfile).toContain(OPERATION_ROUTES.ready.path);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
  });
});
