// Child process of the bench: the Sortie server under test, on the demo data plus a generated
// volume of events, in a temporary PGlite data folder (BENCH_DATA_DIR, made and removed by the
// bench) or on a fresh PostgreSQL database (BENCH_DATABASE_URL, created and dropped by the bench).
//
// Two phases, two processes, as a server meets its data in production: BENCH_PHASE=seed loads the
// data, closes the database and answers { type: 'ready', seedSeconds }, then exits on 'stop'
// (answering { type: 'stopped' }); BENCH_PHASE=serve (the default) opens the seeded data and serves.
// A server in production starts on data it did not write itself; one that has just seeded 100,000
// events carries that work's heap into the measures (a suspect of one run's first measure, whose
// p99 reached 85 ms).
//
// Parent → child (IPC): { type: 'capture', paths, headers } answers { type: 'captured', statements }:
// the SQL each path runs, its parameters inlined (what pgbench runs beside the server);
// { type: 'stop', shortCode }. Child → parent: { type: 'ready', port,
// backend, events, published, categoryIds, cities, eventPath, visitsBefore }, then { type: 'stopped', visits } (the
// visits of shortCode stored once the server has closed and flushed its buffer), or
// { type: 'failed', message }.
import { execFileSync } from 'node:child_process';
import { buildApp, type SortieApp } from '../src/app';
import { loadConfig, type ServerConfig } from '../src/config';
import { openDatabase } from '../src/db/open-database';
import type { Db } from '../src/db/database';
import { loadDemo } from '../src/demo/load';
import { DEMO_IDS } from '../src/demo/ids';
import { sessionTokenHash } from '../src/auth/session-token';
import { growHeapForRequests } from '../src/heap-growth';

const send = (message: object) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_DATA_DIR;
const events = Number(process.env.BENCH_EVENTS ?? 100_000);
const phase = process.env.BENCH_PHASE === 'seed' ? 'seed' : 'serve';

let db: Db | undefined;
let app: SortieApp | undefined;

async function visitsOf(shortCode: string): Promise<number> {
  // Only the visits stored with what they tell (issue 36): the bench loads /r as an iPhone from Instagram.
  const [row] = await db!.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dyna_link_visits v JOIN dyna_links l ON l.id = v.link_id
     WHERE l.short_code = $1 AND v.day IS NOT NULL AND v.hour IS NOT NULL AND v.device = 'mobile' AND v.system = 'iOS' AND v.browser IS NOT NULL AND v.referrer_host = 'instagram.com' AND NOT v.bot`,
    [shortCode],
  );
  return Number(row?.n ?? 0);
}

// The heap sized as the server's own process sizes it (main.ts).
growHeapForRequests();

/** Loads the demo data and `events` generated events; answers how long it took, in seconds. */
async function seed(database: Db): Promise<number> {
  const now = Date.now();
  const seedStarted = performance.now();
  await loadDemo(database, { password: 'sortie-demo', production: false, now });
  if (events > 0) {
    const { seedVolume } = await import('../src/demo/volume');
    await seedVolume(database, { events, now });
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  // The seed's dirty pages written now, so that no checkpoint spread over the next minutes
  // writes them during the measures (a short link's 302 waits for its visit's commit). A
  // precaution: the one comparison made, on PostgreSQL, showed no change beyond this machine's noise.
  await database.query('CHECKPOINT');
  // And the kernel's share: what the seed left in its page cache (the database's files, a
  // server log) written to the disk now rather than during the first measure (seen: 390 MB
  // written back in one second of its warm-up).
  execFileSync('sync');
  return seedSeconds;
}

/** Builds the app on the seeded data and answers { type: 'ready', … } with what the bench needs of it. */
async function serve(database: Db, config: ServerConfig): Promise<void> {
  // The demo visitor's session, whose cookie the bench sends as a signed-in visitor's (BENCH_SESSION_TOKEN).
  const token = process.env.BENCH_SESSION_TOKEN;
  if (token) await database.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [sessionTokenHash(token), DEMO_IDS.users.visitor]);
  // The event page the bench loads: the next published one in Poitiers.
  const [next] = await database.query<{ id: string }>(`SELECT id FROM events WHERE status = 'published' AND city = 'Poitiers' AND starts_at > now() ORDER BY starts_at LIMIT 1`);
  const [count] = await database.query<{ n: number; published: number }>(`SELECT count(*)::int AS n, (count(*) FILTER (WHERE status = 'published'))::int AS published FROM events`);
  const categories = await database.query<{ id: string }>('SELECT id FROM event_categories ORDER BY id');
  const cities = await database.query<{ city: string; n: number }>(`SELECT city, count(*)::int AS n FROM events WHERE status = 'published' GROUP BY city ORDER BY n DESC, city LIMIT 10`);
  app = await buildApp({ db: database, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await send({
    type: 'ready',
    port: (app.server.address() as { port: number }).port,
    backend: databaseUrl ? 'PostgreSQL' : 'PGlite',
    events: Number(count?.n ?? 0),
    published: Number(count?.published ?? 0),
    categoryIds: categories.map((c) => c.id),
    cities: cities.map((c) => ({ city: c.city, events: Number(c.n) })),
    eventPath: next ? `/events/${next.id}` : null,
    visitsBefore: await visitsOf(process.env.BENCH_SHORT_CODE ?? 'poitiers'),
  });
}

try {
  if (!databaseUrl && !dataDir) throw new Error('BENCH_DATA_DIR ou BENCH_DATABASE_URL attendu.');
  const config = { ...loadConfig({ SORTIE_DATA_DIR: dataDir ?? '.data' } as NodeJS.ProcessEnv), secret: 'bench-secret-bench-secret' };
  db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  if (phase === 'seed') {
    const seedSeconds = await seed(db);
    await db.close();
    db = undefined;
    await send({ type: 'ready', seedSeconds });
  } else await serve(db, config);
} catch (error) {
  console.error(error);
  await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  await db?.close().catch(() => undefined);
  process.exit(1);
}

/** A parameter as an SQL literal, for a statement pgbench runs as it is. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** The statements a request runs, as pgbench would send them: each parameter written in its place. */
async function capture(path: string, headers: Record<string, string>): Promise<string[]> {
  const statements: string[] = [];
  const query = db!.query.bind(db);
  db!.query = (text, params = [], prepared) => {
    statements.push(text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])));
    return query(text, params, prepared);
  };
  try {
    const response = await app!.inject({ url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path} : ${response.statusCode}`);
  } finally {
    db!.query = query;
  }
  return statements;
}

process.on('message', async (message: { type: string; shortCode: string; paths?: string[]; headers?: Record<string, string> }) => {
  if (message.type === 'capture') {
    const statements = [];
    for (const path of message.paths ?? []) statements.push(await capture(path, message.headers ?? {}));
    await send({ type: 'captured', statements });
    return;
  }
  if (message.type !== 'stop') return;
  // The seeding phase closed its database once it had seeded.
  if (phase === 'seed') {
    await send({ type: 'stopped' });
    process.exit(0);
  }
  await app!.close(); // flushes the buffered visits
  const visits = await visitsOf(message.shortCode);
  await db!.close();
  await send({ type: 'stopped', visits });
  process.exit(0);
});
