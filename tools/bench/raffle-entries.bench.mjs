// Raffle entries from one address: how many a single IP gets in, and how fast, before the shared
// entry limit (core's ENTRY_RATE_LIMIT) answers 429; then a flood from that address, all refused.
// The app runs in-process on a fresh PGlite with the demo data (its open raffle takes entries
// confirmed by e-mail link: each accepted entry also writes its confirmation mail).
// Run by `pnpm bench` as `node --import tsx tools/bench/raffle-entries.bench.mjs <out.json>`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = await import(pathToFileURL(join(root, 'packages/server/src/index.ts')).href);
const { ENTRY_RATE_LIMIT } = await import(pathToFileURL(join(root, 'packages/core/src/domain/fair-entries.ts')).href);

const out = process.argv[2];
const FLOOD = 200;

const temp = mkdtempSync(join(tmpdir(), 'sortie-raffle-bench-'));
const config = server.loadConfig({ SORTIE_DATA_DIR: join(temp, 'data'), SORTIE_WEB_DIST: join(temp, 'none') }, temp);
const db = await server.openDatabase({ dataDir: config.dataDir });
await server.loadDemo(db, { password: 'sortie-demo', production: false });
const app = await server.buildApp({ db, config });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${app.server.address().port}`;
const raffle = server.DEMO_IDS.raffle;

let sent = 0;
const enter = async () => {
  sent += 1;
  const res = await fetch(`${url}/api/raffles/${raffle}/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Banc ${sent}`, email: `banc-${sent}-${process.pid}@exemple.fr` }),
  });
  await res.arrayBuffer();
  return res;
};

const results = [];
try {
  // One by one, as fast as the server answers, until the first refusal.
  let accepted = 0;
  let refusal = null;
  const started = performance.now();
  while (!refusal && sent < ENTRY_RATE_LIMIT.max * 3) {
    const res = await enter();
    if (res.status === 201 || res.status === 202) accepted += 1;
    else if (res.status === 429) refusal = res;
    else throw new Error(`entrée refusée autrement : ${res.status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  if (!refusal) throw new Error('aucune limite atteinte');
  const retryAfter = Number(refusal.headers.get('retry-after'));

  // A flood from the same address: every entry refused, and how fast.
  const floodStarted = performance.now();
  const statuses = await Promise.all(Array.from({ length: FLOOD }, () => enter().then((r) => r.status)));
  const floodSeconds = (performance.now() - floodStarted) / 1000;
  const slipped = statuses.filter((s) => s !== 429).length;

  results.push(
    { name: 'participations d’une IP avant la limite', value: accepted, unit: 'participations', goal: `= ${ENTRY_RATE_LIMIT.max}`, pass: accepted === ENTRY_RATE_LIMIT.max },
    { name: 'débit d’une IP avant la limite', value: accepted / seconds, unit: 'participations/s' },
    { name: 'débit durable permis à une IP par tombola', value: ENTRY_RATE_LIMIT.max / (ENTRY_RATE_LIMIT.windowMs / 1000), unit: 'participations/s' },
    { name: 'Retry-After du premier 429', value: retryAfter, unit: 's', goal: '> 0', pass: retryAfter > 0 },
    { name: `rafale de ${FLOOD} après la limite : acceptées`, value: slipped, unit: 'participations', goal: '0', pass: slipped === 0 },
    { name: `rafale de ${FLOOD} après la limite : refus`, value: FLOOD / floodSeconds, unit: 'refus/s' },
  );
} finally {
  await app.close();
  await db.close();
  rmSync(temp, { recursive: true, force: true });
}

for (const r of results) console.log(`raffles  ${r.name.padEnd(46)} ${(Number.isInteger(r.value) ? String(r.value) : r.value.toFixed(3)).padStart(10)} ${r.unit}`);
if (out) writeFileSync(out, JSON.stringify({ results }));
process.exit(0);
