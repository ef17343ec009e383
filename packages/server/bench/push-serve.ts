// Child process of the push bench: the Sortie server on the embedded default (PGlite in a data
// folder, BENCH_DATA_DIR) with the demo data, and BENCH_FOLLOWERS accounts following one place,
// each with one Web Push device on the bench's local push service (their subscriptions read from
// the JSON file BENCH_DEVICES; SORTIE_ALLOWED_PRIVATE_ORIGINS allows that service).
//
// Child → parent (IPC): { type: 'ready', port, placeId } or { type: 'failed', message }.
// Parent → child: { type: 'mark' }, { type: 'stop' } → { type: 'stopped', server }.
import { readFileSync } from 'node:fs';
import { buildApp, type SortieApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open-database';
import { loadDemo } from '../src/demo/load';
import { DEMO_IDS } from '../src/demo/ids';
import { runServeChild } from './socket-serve-child';

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

async function serve() {
  const dataDir = process.env.BENCH_DATA_DIR;
  const devicesFile = process.env.BENCH_DEVICES;
  if (!dataDir || !devicesFile) throw new Error('BENCH_DATA_DIR et BENCH_DEVICES attendus.');
  const config = {
    ...loadConfig({ SORTIE_DATA_DIR: dataDir, SORTIE_ALLOWED_PRIVATE_ORIGINS: process.env.SORTIE_ALLOWED_PRIVATE_ORIGINS } as NodeJS.ProcessEnv),
    secret: 'bench-secret-bench-secret',
    signInRateLimit: 1000,
  };
  const db = await openDatabase({ dataDir });
  await loadDemo(db, { password: 'sortie-demo', production: false });
  const devices = JSON.parse(readFileSync(devicesFile, 'utf8')) as Subscription[];
  const placeId = DEMO_IDS.places.confort;
  // The followers, their follow and their one device, a thousand at a time.
  for (let start = 0; start < devices.length; start += 1000) {
    const slice = devices.slice(start, start + 1000).map((device, i) => ({ n: start + i, ...device }));
    await db.query(
      `WITH d AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(n int, endpoint text, keys jsonb)),
         u AS (INSERT INTO users (id, email, data) SELECT 'bench-user-' || d.n, 'abonne' || d.n || '@banc.invalid', jsonb_build_object('displayName', 'Abonné ' || d.n, 'roles', '[]'::jsonb) FROM d RETURNING id),
         f AS (INSERT INTO follows (id, user_id, target_kind, target_id, data) SELECT 'bench-follow-' || d.n, 'bench-user-' || d.n, 'place', $2, '{}'::jsonb FROM d)
       INSERT INTO push_subscriptions (id, user_id, endpoint, key_p256dh, key_auth) SELECT 'bench-device-' || d.n, 'bench-user-' || d.n, d.endpoint, d.keys->>'p256dh', d.keys->>'auth' FROM d`,
      [JSON.stringify(slice), placeId],
    );
  }
  const app: SortieApp = await buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await db.close();
  };
  return { served: { port: (app.server.address() as { port: number }).port, stop }, ready: { placeId } };
}

await runServeChild(serve);
