// Lighthouse 12 (mobile preset: a mid-range phone, slow 4G, 4× CPU slowdown) in the installed
// Chromium, on the landing page, a city feed and an event page of the app started as
// `pnpm start` starts it, with the store-redirect cookie set first. Scores are medians of
// three runs. Map tiles, which the event page's map asks of OpenStreetMap, are answered by a
// local stand-in (tests and benches never reach the internet): Chromium resolves the tile
// hosts to it and accepts its throw-away certificate.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import runLighthouse from 'lighthouse';
import { startApp } from './start-app.mjs';

// chrome-launcher comes with Lighthouse (which launches Chromium through it).
const chromeLauncher = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'))('chrome-launcher');

const out = process.argv[2];
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromium) throw new Error('Chromium introuvable : apt-get install -y chromium, ou CHROMIUM_PATH.');
const RUNS = Number(process.env.SORTIE_LIGHTHOUSE_RUNS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A grey 256×256 PNG, the size of a real tile (a smaller one would be drawn blurred, and Lighthouse would say so). */
function greyTile(size = 256) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // 8 bits per sample, greyscale (colour type 0)
  const rows = Buffer.alloc(size * (size + 1), 0xdd);
  for (let row = 0; row < size; row++) rows[row * (size + 1)] = 0; // each row's filter: none
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
const TILE = greyTile();

function tileServer() {
  const dir = mkdtempSync(join(tmpdir(), 'sortie-tiles-'));
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=tile.openstreetmap.org', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  if (made.status !== 0) throw new Error('openssl est nécessaire pour le faux serveur de tuiles du banc Lighthouse.');
  const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_, res) =>
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400', 'access-control-allow-origin': '*' }).end(TILE),
  );
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, close: () => (server.close(), rmSync(dir, { recursive: true, force: true })) })));
}

/** One Lighthouse run (its Node API, in a fresh Chromium whose flags are passed as they are). */
async function lighthouse(url, tilesPort) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP *.tile.openstreetmap.org 127.0.0.1:${tilesPort}`, '--ignore-certificate-errors'],
  });
  try {
    const { lhr: result } = await runLighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      extraHeaders: { Cookie: 'sortie_mobile_redirect=1' },
    });
    if (result.runtimeError) throw new Error(`Lighthouse a échoué sur ${url} : ${result.runtimeError.message}`);
    const score = (id) => Math.round(result.categories[id].score * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: result.audits['largest-contentful-paint'].numericValue,
      cls: result.audits['cumulative-layout-shift'].numericValue,
      tbt: result.audits['total-blocking-time'].numericValue,
      failing: Object.values(result.categories).flatMap((category) =>
        category.auditRefs.filter((ref) => ref.weight > 0 && result.audits[ref.id].score !== null && result.audits[ref.id].score < 1 && category.id !== 'performance').map((ref) => `${category.id}/${ref.id}`),
      ),
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse now and then loses its trace of a page load (NO_NAVSTART): such a run is made again, twice at most. */
async function withRetries(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`lighthouse: ${error.message} — nouvel essai`);
    }
  }
}

const app = await startApp();
const tiles = await tileServer();
const results = [];
try {
  const events = await (await fetch(`${app.url}/api/events?city=Poitiers&upcoming=true&limit=1`)).json();
  const pages = [
    ['/', '/'],
    ['/home/Poitiers', '/home/Poitiers'],
    ['événement', `/events/${events.items[0]._id}`],
  ];
  for (const [name, path] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await withRetries(() => lighthouse(`${app.url}${path}`, tiles.port)));
    const m = (key) => median(runs.map((run) => run[key]));
    const failing = [...new Set(runs.flatMap((run) => run.failing))];
    if (failing.length) console.log(`lighthouse ${name}: audits non réussis : ${failing.join(', ')}`);
    results.push(
      { name: `Lighthouse performance ${name}`, value: m('performance'), unit: '/100', goal: '≥ 90 (but 95)', pass: m('performance') >= 90 },
      { name: `Lighthouse LCP ${name}`, value: m('lcp'), unit: 'ms', goal: '≤ 2500 ms (but 1800)', pass: m('lcp') <= 2500 },
      { name: `Lighthouse CLS ${name}`, value: m('cls'), unit: '', goal: '≤ 0.05', pass: m('cls') <= 0.05 },
      { name: `Lighthouse TBT ${name}`, value: m('tbt'), unit: 'ms' },
      { name: `Lighthouse accessibilité ${name}`, value: m('accessibility'), unit: '/100', goal: '100', pass: m('accessibility') === 100 },
      { name: `Lighthouse bonnes pratiques ${name}`, value: m('bestPractices'), unit: '/100', goal: '100', pass: m('bestPractices') === 100 },
      { name: `Lighthouse SEO ${name}`, value: m('seo'), unit: '/100', goal: '100', pass: m('seo') === 100 },
    );
  }
} finally {
  tiles.close();
  await app.stop();
}
for (const r of results) console.log(`lighthouse  ${r.name.padEnd(40)} ${Number(r.value).toFixed(r.unit === '' ? 3 : 0).padStart(7)} ${r.unit}`);
writeFileSync(out, JSON.stringify({ results }));
