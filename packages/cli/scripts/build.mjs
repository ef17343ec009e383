#!/usr/bin/env node
// Bundles src/main.ts, the workspace packages and their dependencies into dist/ with esbuild.
// Code splitting keeps dist/sortie.mjs small (commander and the command tree): the
// container, the adapters, zod and socket.io live in chunks that only command actions load,
// so `sortie --help` never parses them.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = join(packageDir, 'dist');
export const manifestPath = join(distDir, 'manifest.json');

/** Builds dist/ and writes dist/manifest.json (the workspace sources it was built from). */
export async function build({ quiet = false } = {}) {
  // Sources changed while esbuild runs must count as newer than the build.
  const startedAt = Date.now();
  const { build: esbuild } = await import('esbuild');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const result = await esbuild({
    absWorkingDir: packageDir,
    entryPoints: { sortie: 'src/main.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: distDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
    metafile: true,
    minify: true,
    keepNames: true,
    legalComments: 'none',
    define: { SORTIE_VERSION: JSON.stringify(version) },
    logLevel: quiet ? 'silent' : 'warning',
    // Optional native speed-ups of ws, absent here: ws falls back to JavaScript.
    external: ['bufferutil', 'utf-8-validate'],
    alias: { 'node-fetch-native': join(packageDir, 'scripts/native-fetch.mjs') },
    // Bundled CommonJS (commander, engine.io-client…) still calls require() for node built-ins.
    banner: { js: "import { createRequire as __sortieRequire } from 'node:module'; const require = __sortieRequire(import.meta.url);" },
  });
  mkdirSync(join(distDir, 'chunks'), { recursive: true });
  // Each file is written beside its final name and renamed over it, the entry and the
  // manifest last: CLIs started meanwhile (parallel tests) see a whole old or a whole new build.
  const entry = join(distDir, 'sortie.mjs');
  const ordered = [...result.outputFiles].sort((a, b) => (a.path === entry) - (b.path === entry));
  for (const file of ordered) atomicWrite(file.path, file.contents);
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules'))
    .map((input) => relative(distDir, resolve(packageDir, input)))
    // The version printed by --help comes from package.json, and the build itself from this script.
    .concat(relative(distDir, join(packageDir, 'package.json')), relative(distDir, fileURLToPath(import.meta.url)));
  atomicWrite(manifestPath, JSON.stringify({ builtAt: startedAt, inputs }));
  // Chunk names carry a content hash: the previous build's chunks are now unreachable.
  const current = new Set(result.outputFiles.map((file) => file.path));
  for (const name of readdirSync(join(distDir, 'chunks'))) {
    const path = join(distDir, 'chunks', name);
    if (!current.has(path) && !name.endsWith('.tmp')) rmSync(path, { force: true });
  }
  return result;
}

function atomicWrite(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await build();
  console.error(`sortie : construit dans dist/ en ${Date.now() - started} ms`);
}
