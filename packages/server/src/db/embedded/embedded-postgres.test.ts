import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, startEmbeddedPostgres } from './embedded-postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'sortie-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database process', () => {
  it('serves pg over its socket with its larger page cache, and vacuums and analyses itself, having no autovacuum', async () => {
    const embedded = await startEmbeddedPostgres(dataDir, { maintenancePeriodMs: 300 });
    const maintained = new Promise<string>((resolve) => embedded.onMaintained(resolve));
    const client = new pg.Client(embedded.connection);
    await client.connect();
    try {
      expect((await client.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
      await client.query('CREATE TABLE visits (id int PRIMARY KEY)');
      await client.query('INSERT INTO visits SELECT generate_series(1, 500)');
      expect(Date.parse(await maintained)).not.toBeNaN();
      const { rows } = await client.query<{ last_analyze: Date | null; last_vacuum: Date | null }>(`SELECT last_analyze, last_vacuum FROM pg_stat_user_tables WHERE relname = 'visits'`);
      expect(rows[0]!.last_analyze).not.toBeNull();
      expect(rows[0]!.last_vacuum).not.toBeNull();
    } finally {
      await client.end();
      await embedded.stop();
    }
  });
});

describe('the embedded database’s wire protocol', () => {
  it('keeps a transaction’s statements from another connection’s, goes on after a failed statement, refuses a third connection in French, and still closes cleanly', async () => {
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(...args));
    const embedded = await startEmbeddedPostgres(mkdtempSync(join(dataDir, 'wire-')), { maintenancePeriodMs: 0 });
    const first = new pg.Client(embedded.connection);
    const second = new pg.Client(embedded.connection);
    await first.connect();
    await second.connect();
    try {
      await first.query('CREATE TABLE seats (id int PRIMARY KEY)');
      await first.query('BEGIN');
      await first.query('INSERT INTO seats VALUES (1)');
      // PGlite has one session: the second connection's read waits for the first's transaction to end.
      const seen = second.query<{ n: number }>('SELECT count(*)::int AS n FROM seats');
      expect((await first.query<{ n: number }>('SELECT count(*)::int AS n FROM seats')).rows[0]!.n).toBe(1);
      await first.query('ROLLBACK');
      expect((await seen).rows[0]!.n).toBe(0);

      // A statement that fails (its Bind, Execute and Sync sent together): its error, then the next one runs.
      await expect(first.query('SELECT 1 / $1::int AS n', [0])).rejects.toThrow(/division by zero/);
      expect((await first.query<{ n: number }>('SELECT 1 / $1::int AS n', [1])).rows[0]!.n).toBe(1);
      const third = new pg.Client(embedded.connection);
      await expect(third.connect()).rejects.toThrow('trop de connexions à la base embarquée');
      await third.end().catch(() => undefined);
    } finally {
      await first.end();
      await second.end();
      await embedded.stop();
      spy.mockRestore();
    }
    // The refused connection did not keep the database from closing: no SIGKILL after STOP_TIMEOUT_MS.
    expect(errors.join('\n')).not.toMatch(/arrêtée de force/);
  });
});

/** A process's resident memory in MB (Linux's /proc). */
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe.runIf(existsSync('/proc/self/status'))('the embedded database’s memory', () => {
  it('stays the same size however many answers it sends: an answer is kept nowhere once written', async () => {
    const embedded = await startEmbeddedPostgres(mkdtempSync(join(dataDir, 'memory-')), { maintenancePeriodMs: 0 });
    const client = new pg.Client(embedded.connection);
    await client.connect();
    // An agenda's page: 30 rows of 1 kB.
    const page = () => client.query(`SELECT $1::int AS n, repeat('x', 1000) AS description FROM generate_series(1, 30)`, [1]);
    try {
      for (let i = 0; i < 300; i++) await page();
      const before = residentMb(embedded.pid);
      // 90 MB of answers: PGlite's execProtocolRaw kept each one, parsed, until the process grew by more.
      for (let i = 0; i < 3000; i++) await page();
      expect(residentMb(embedded.pid) - before).toBeLessThan(30);
    } finally {
      await client.end();
      await embedded.stop();
    }
  });
});
