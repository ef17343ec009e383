// Web benchmark: gzipped initial JS per route (from the build's report), and LCP and total
// blocking time of the landing and city pages in headless Chromium, beside the same
// figures for a bare static page served in the same run (the ceiling).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from './start-app.mjs';
import { scriptWeight } from './script-weight.mjs';

const out = process.argv[2];
const root = fileURLToPath(new URL('../..', import.meta.url));
const results = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!executablePath) throw new Error('Chromium introuvable : apt-get install -y chromium, ou CHROMIUM_PATH.');

const app = await startApp();
const reportPath = `${root}/packages/web/dist/bundle-report.json`;
if (existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const landing = report.landing?.totalGzip;
  if (landing !== undefined) {
    results.push({ name: 'JS initial gzip /', value: landing / 1024, unit: 'KB', goal: '≤ 100 KB', ceiling: 100, ratio: landing / 1024 / 100, pass: landing <= 100 * 1024 });
  }
  // What each route's page adds when a visitor navigates to it (its chunk and what it imports).
  for (const page of report.pages ?? []) {
    results.push({ name: `JS gzip ${page.routes.join(', ')}`, value: page.onNavigationGzip / 1024, unit: 'KB' });
  }
}

// The ceiling: a bare page with one heading, served by node:http in this run.
const bare = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="fr"><title>x</title><h1>Sortie</h1></html>'));
await new Promise((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${bare.address().port}/`;

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function measure(url) {
  const context = await browser.newContext();
  await context.route('**/*', (route) => (route.request().url().startsWith('http://127.0.0.1') ? route.continue() : route.abort()));
  await context.addInitScript(() => {
    window.__lcp = 0;
    window.__tbt = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__tbt += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const figures = await page.evaluate(() => ({ lcp: window.__lcp, tbt: window.__tbt }));
  await context.close();
  return figures;
}

async function sample(url, runs = 5) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await measure(url));
  return { lcp: median(all.map((f) => f.lcp)), tbt: median(all.map((f) => f.tbt)) };
}

try {
  // What the browser really downloads before the page is idle: every script, counted in Chromium.
  for (const path of ['/', '/home/Poitiers']) {
    const { gzip, files } = await scriptWeight(browser, `${app.url}${path}`);
    results.push({ name: `JS chargé avant inactivité ${path}`, value: gzip / 1024, unit: 'KB', goal: path === '/' ? '≤ 100 KB' : undefined, pass: path === '/' ? gzip <= 100 * 1024 : undefined, files: files.length });
  }
  const ceiling = await sample(bareUrl);
  for (const [name, path] of [['/', '/'], ['/home/Poitiers', '/home/Poitiers']]) {
    const figures = await sample(`${app.url}${path}`);
    results.push({ name: `LCP ${name}`, value: figures.lcp, unit: 'ms', ceiling: ceiling.lcp, ratio: figures.lcp / Math.max(ceiling.lcp, 1), goal: '≤ 2500 ms', pass: figures.lcp <= 2500 });
    results.push({ name: `TBT ${name}`, value: figures.tbt, unit: 'ms', ceiling: ceiling.tbt, goal: '≤ 200 ms', pass: figures.tbt <= 200 });
  }
} finally {
  await browser.close();
  bare.close();
  await app.stop();
}

for (const r of results) console.log(`web  ${r.name.padEnd(28)} ${r.value.toFixed(1).padStart(8)} ${r.unit}`);
writeFileSync(out, JSON.stringify({ results }));
