import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { EMBEDDED_CONNECTIONS, PostgresDb } from '../open-database';

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
  it('keeps a transaction’s statements from another connection’s, goes on after a failed statement, refuses a fourth connection in French, and still closes cleanly', async () => {
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
      // The server's connections, and one more for a replacement.
      const third = new pg.Client(embedded.connection);
      await third.connect();
      const fourth = new pg.Client(embedded.connection);
      await expect(fourth.connect()).rejects.toThrow('trop de connexions à la base embarquée');
      await fourth.end().catch(() => undefined);
      await third.end();
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

describe('the embedded database’s one session, shared by the server’s connections', () => {
  let embedded: EmbeddedPostgres;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres(mkdtempSync(join(dataDir, 'shared-')), { maintenancePeriodMs: 0 });
  });
  afterAll(() => embedded.stop());

  it('lets each connection prepare a statement of the same name, in a transaction or not', async () => {
    const db = new PostgresDb(new pg.Pool({ ...embedded.connection, max: EMBEDDED_CONNECTIONS }), 'pglite');
    try {
      const read = (n: number) => db.query<{ n: number }>('SELECT $1::int AS n', [n], 'same_name');
      // In a transaction, on one connection, while the other runs the same statement.
      const inTransaction = db.transaction(async (tx) => (await tx.query<{ n: number }>('SELECT $1::int AS n', [-1], 'same_name'))[0]!.n);
      const answers = await Promise.all([...Array.from({ length: 20 }, (_, n) => read(n)), inTransaction]);
      expect(answers.map((rows) => (typeof rows === 'number' ? rows : rows[0]!.n))).toEqual([...Array.from({ length: 20 }, (_, n) => n), -1]);
      expect(db.pool.totalCount).toBe(EMBEDDED_CONNECTIONS);
      // A statement the database refuses leaves its connection, and its statements, in the pool.
      await expect(db.query('SELECT 1 / $1::int AS n', [0], 'divides')).rejects.toThrow(/division by zero/);
      expect((await read(7))[0]!.n).toBe(7);
      expect(db.pool.totalCount).toBe(EMBEDDED_CONNECTIONS);
    } finally {
      await db.pool.end();
    }
  });

  it('keeps a query’s messages together: another connection’s query waits for its Sync', async () => {
    const raw = await wireClient(embedded.connection);
    const other = new pg.Client(embedded.connection);
    await other.connect();
    try {
      // The unnamed statement and portal are the session's: half a query, then another connection's whole one.
      raw.send(message('P', cstring(''), cstring('SELECT 41 + 1 AS n'), int16(0)), message('B', cstring(''), cstring(''), int16(0), int16(0), int16(0)));
      const meanwhile = other.query<{ n: number }>('SELECT $1::int AS n', [7]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      raw.send(message('E', cstring(''), int32(0)), message('S'));
      expect(await raw.rowsUntilReady()).toEqual(['42']);
      expect((await meanwhile).rows[0]!.n).toBe(7);
    } finally {
      raw.socket.destroy();
      await other.end();
    }
  });

  it('sends each answer whole, however large, while a slow reader’s answer still waits to leave', async () => {
    const slow = await wireClient(embedded.connection);
    const other = new pg.Client(embedded.connection);
    await other.connect();
    try {
      // More than the socket takes at once: the rest of this answer stays in the process until read.
      slow.socket.pause();
      slow.send(message('Q', cstring(`SELECT repeat('a', 300000) AS text`)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Meanwhile answers of growing sizes, past the first size of the buffers answers are copied into.
      const sizes = Array.from({ length: 10 }, (_, i) => 100_000 + i * 60_000);
      const letters = [...'bcdefghijk'];
      const answers = await Promise.all(letters.map((letter, i) => other.query<{ text: string }>('SELECT repeat($1, $2) AS text', [letter, sizes[i]])));
      expect(answers.map(({ rows }) => rows[0]!.text)).toEqual(letters.map((letter, i) => letter.repeat(sizes[i]!)));
      slow.socket.resume();
      // An answer overwritten while it waited has lost its framing: its reader would wait forever.
      const unframed = new Promise<string>((resolve) => setTimeout(() => resolve('answer lost its framing'), 10_000).unref());
      expect(await Promise.race([slow.rowsUntilReady(), unframed])).toEqual(['a'.repeat(300_000)]);
      // A small answer after them all.
      expect((await other.query<{ n: number }>('SELECT $1::int AS n', [3])).rows[0]!.n).toBe(3);
    } finally {
      slow.socket.destroy();
      await other.end();
    }
  });

  // On this describe's process: starting one on a new folder (its initdb) took most of this test's time, 30–60 s when CI loaded the machine.
  it.runIf(existsSync('/proc/self/status'))('stays the same size however many answers it sends: an answer is kept nowhere once written', async () => {
    const client = new pg.Client(embedded.connection);
    await client.connect();
    // 30 rows of 10 kB of random text, drawn once: few round trips for the bytes.
    await client.query(`CREATE TABLE memory_pages AS SELECT g AS n, (SELECT string_agg(md5(random()::text || i || g), '') FROM generate_series(1, 300) AS i) AS description FROM generate_series(1, 30) AS g`);
    const page = () => client.query('SELECT n, description FROM memory_pages WHERE n > $1', [0]);
    try {
      for (let i = 0; i < 30; i++) await page();
      const before = residentMb(embedded.pid);
      // 130 MB of answers (30 rows of 10 kB, 450 times): PGlite's execProtocolRaw kept each one, parsed, until the process grew by more.
      for (let i = 0; i < 450; i++) await page();
      expect(residentMb(embedded.pid) - before).toBeLessThan(30);
    } finally {
      // The session is this describe's, shared by the tests after this one.
      await client.query('DROP TABLE memory_pages');
      await client.end();
    }
  });

  it('drops the statements a connection prepared once it goes', async () => {
    const leaving = new pg.Client(embedded.connection);
    await leaving.connect();
    await leaving.query({ name: 'leaving_statement', text: 'SELECT 1 AS n' });
    const staying = new pg.Client(embedded.connection);
    await staying.connect();
    try {
      const named = async () => (await staying.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'leaving_statement'`)).rows[0]!.n;
      expect(await named()).toBe(1);
      await leaving.end();
      await vi.waitFor(async () => expect(await named()).toBe(0));
    } finally {
      await staying.end();
    }
  });
});

// The wire protocol's messages, written by hand: pg always sends a query's messages together.
const int16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const int32 = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
};
const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const message = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(type, 'latin1'), int32(body.length + 4), body]);
};

/** A connection speaking the protocol itself: started, then sending messages and reading DataRows' first column until ReadyForQuery. */
async function wireClient(connection: EmbeddedPostgres['connection']): Promise<{ socket: Socket; send: (...messages: Buffer[]) => void; rowsUntilReady: () => Promise<string[]> }> {
  const socket = createConnection(join(connection.host, `.s.PGSQL.${connection.port}`));
  let received = Buffer.alloc(0);
  let wake = () => {};
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  const rowsUntilReady = async () => {
    const rows: string[] = [];
    for (;;) {
      while (received.length >= 5 && received.length >= 1 + received.readInt32BE(1)) {
        const length = 1 + received.readInt32BE(1);
        const [type, body] = [String.fromCharCode(received[0]!), received.subarray(5, length)];
        received = received.subarray(length);
        if (type === 'E') throw new Error(body.toString('utf8'));
        if (type === 'D') rows.push(body.subarray(6, 6 + body.readInt32BE(2)).toString('utf8'));
        if (type === 'Z') return rows;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await new Promise((resolve) => socket.once('connect', resolve));
  const startup = Buffer.concat([int32(196608), cstring('user'), cstring('postgres'), cstring('database'), cstring('postgres'), Buffer.from([0])]);
  socket.write(Buffer.concat([int32(startup.length + 4), startup]));
  await rowsUntilReady();
  return { socket, send: (...messages) => socket.write(Buffer.concat(messages)), rowsUntilReady };
}

/** A process's resident memory in MB (Linux's /proc). */
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

