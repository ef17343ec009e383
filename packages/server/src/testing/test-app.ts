import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { JWTVerifyGetKey } from 'jose';
import pg from 'pg';
import { buildApp, type SortieApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase } from '../db/open-database';
import type { Db } from '../db/database';
import type { AppOptions } from '../http/context';
import { loadDemo } from '../demo/load';
import { memoryTransport, type LeavingMail } from '../jobs/mail-transport';

export type Backend = 'pglite' | 'postgres';
/** PGlite always; a real PostgreSQL too when SORTIE_TEST_DATABASE_URL is set (CI). */
export const BACKENDS: Backend[] = process.env.SORTIE_TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A new, empty database on the CI's PostgreSQL (SORTIE_TEST_DATABASE_URL), named `prefix_…`: its address. */
export async function scratchDatabase(prefix: string): Promise<string> {
  const base = process.env.SORTIE_TEST_DATABASE_URL!;
  const name = `${prefix}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database with the demo data: the run's PGlite dump, or a fresh database on the CI server. */
export async function openTestDb(backend: Backend = 'pglite'): Promise<Db> {
  if (backend === 'pglite') {
    const dump = readFileSync(inject('pgliteDump'));
    return openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const db = await openDatabase({ databaseUrl: await scratchDatabase('sortie_test') });
  await loadDemo(db, { password: 'sortie-demo', production: false });
  return db;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ SORTIE_WEB_DIST: '/nonexistent-web-dist' } as NodeJS.ProcessEnv), secret: 'test-secret-test-secret-test-secret', signInRateLimit: 1000, ...overrides };
}

export async function testApp(options: { backend?: Backend; config?: Partial<ServerConfig>; googleKeys?: JWTVerifyGetKey; now?: () => number; db?: Db; fanOut?: AppOptions['fanOut'] } = {}) {
  const db = options.db ?? (await openTestDb(options.backend));
  /** What left for the recipients, whole (their personal links included): the mailboxes of the people the app mails. */
  const outbox: LeavingMail[] = [];
  const app: SortieApp = await buildApp({ db, config: testConfig(options.config), googleKeys: options.googleKeys, now: options.now, mailTransport: memoryTransport(outbox), fanOut: options.fanOut });
  await app.ready();
  return {
    app,
    db,
    outbox,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Signs in with the embedded identity provider and returns the session cookie header. */
export async function signIn(app: SortieApp, email: string, password = 'sortie-demo'): Promise<string> {
  const signed = await app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email, password } });
  const { idToken } = signed.json() as { idToken: string };
  const login = await app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken } });
  const cookie = login.cookies.find((c) => c.name.endsWith('sortie_session'))!;
  return `${cookie.name}=${cookie.value}`;
}
