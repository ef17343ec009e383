#!/usr/bin/env node
// Prints each route chunk's gzipped size after `vite build`, writes dist/bundle-report.json,
// and fails when the landing route's initial JavaScript (the entry, its static imports and
// the landing page's chunk with its own static imports) exceeds the budget.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LANDING_BUDGET_BYTES = 100 * 1024;
const LANDING_PAGE = 'src/pages/LandingPage.tsx';
const REGISTRY = 'src/app/page-registry.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// BUNDLE_DIST and BUNDLE_REGISTRY let the script's own test point it at a fixture.
const dist = process.env.BUNDLE_DIST ?? join(root, 'dist');
const registryPath = process.env.BUNDLE_REGISTRY ?? join(root, REGISTRY);
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const gzipCache = new Map();
function gzipped(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The chunk of `key` and every chunk it imports statically, transitively (what loads with it). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const jsFiles = (keys) => [...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))];
const sum = (files) => files.reduce((total, file) => total + gzipped(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest: was the build run with manifest: true?');
if (!manifest[LANDING_PAGE]) throw new Error(`${LANDING_PAGE} is not a chunk of its own: the landing page must be lazily imported.`);
const entryFiles = jsFiles(staticClosure(entryKey));

// Which routes each page serves, from the page registry's `name: () => import('../pages/X')` lines.
const registry = readFileSync(registryPath, 'utf8');
const routesByPage = new Map();
for (const [, name, page] of registry.matchAll(/^\s*'?([\w.]+)'?:\s*\(\)\s*=>\s*import\('\.\.\/(pages\/[\w/]+)'\)/gm)) {
  const key = `src/${page}.tsx`;
  routesByPage.set(key, [...(routesByPage.get(key) ?? []), name]);
}
for (const [, variable, page] of registry.matchAll(/const (\w+): Loader = \(\) => import\('\.\.\/(pages\/[\w/]+)'\)/g)) {
  const key = `src/${page}.tsx`;
  routesByPage.set(key, [...(routesByPage.get(key) ?? []), `(${variable})`]);
}

const pages = Object.keys(manifest)
  .filter((key) => key.startsWith('src/pages/') && manifest[key].isDynamicEntry)
  .sort()
  .map((key) => {
    const own = gzipped(manifest[key].file);
    // What a visit to this route loads beyond the entry.
    const extra = jsFiles(staticClosure(key)).filter((file) => !entryFiles.includes(file));
    return { page: key, routes: routesByPage.get(key) ?? [], file: manifest[key].file, chunkGzip: own, onNavigationGzip: sum(extra) };
  });

const landingFiles = [...new Set([...entryFiles, ...jsFiles(staticClosure(LANDING_PAGE))])];
const landing = { files: landingFiles.map((file) => ({ file, gzip: gzipped(file) })), totalGzip: sum(landingFiles), budget: LANDING_BUDGET_BYTES };
const entry = { files: entryFiles.map((file) => ({ file, gzip: gzipped(file) })), totalGzip: sum(entryFiles) };

const pad = (text, width) => String(text).padEnd(width);
console.log('\nRoute chunks (gzip):');
console.log(`${pad('page', 46)}${pad('chunk', 10)}${pad('on navigation', 15)}routes`);
for (const page of pages) {
  console.log(`${pad(page.page.replace('src/pages/', ''), 46)}${pad(kb(page.chunkGzip), 10)}${pad(kb(page.onNavigationGzip), 15)}${page.routes.join(', ')}`);
}
console.log(`\nEntry (with its static imports): ${kb(entry.totalGzip)} gzip in ${entry.files.length} file(s)`);
console.log(`Landing route initial JavaScript: ${kb(landing.totalGzip)} gzip (budget ${kb(LANDING_BUDGET_BYTES)})`);

// Firebase and socket.io-client must stay behind dynamic imports: look for their fingerprints.
const FORBIDDEN = [
  { name: 'firebase', pattern: /FirebaseError/ },
  { name: 'socket.io-client (engine.io)', pattern: /\bEIO\b/ },
];
const leaks = FORBIDDEN.filter(({ pattern }) => landingFiles.some((file) => pattern.test(readFileSync(join(dist, file), 'utf8')))).map(({ name }) => name);

writeFileSync(join(dist, 'bundle-report.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), landing: { ...landing, forbiddenLibraries: leaks }, entry, pages }, null, 2)}\n`);

if (leaks.length > 0) {
  console.error(`\nThe landing route's initial JavaScript contains ${leaks.join(' and ')}: load it with a dynamic import().`);
  process.exit(1);
}
if (landing.totalGzip > LANDING_BUDGET_BYTES) {
  console.error(`\nThe landing route's initial JavaScript is ${kb(landing.totalGzip)} gzip, over the ${kb(LANDING_BUDGET_BYTES)} budget.`);
  process.exit(1);
}
