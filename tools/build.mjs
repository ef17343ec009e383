#!/usr/bin/env node
// `pnpm build`: the web app, the server (bundled for node alone, with a copy of the web app) and
// the CLI (one file). `pnpm start` calls buildStale() to rebuild only what its sources outdate.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = (name) => join(root, 'packages', name);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).filter((name) => name !== 'node_modules').map((name) => newest(join(path, name))));
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sharedSources = [pkg('core/src'), pkg('adapters/src')];

/** What each part is built from, what marks its build, and how to build it. */
const PARTS = {
  web: {
    sources: ['src', 'index.html', 'vite.config.ts', 'pwa.config.ts', 'build', 'scripts', 'public', 'package.json'].map((p) => join(pkg('web'), p)).concat(sharedSources),
    // The server-rendering bundle is built after the app: its presence says both are there.
    marker: join(pkg('web'), 'dist-server/entry-server.mjs'),
    // The web package's own build script, whatever it makes (the app, a server-rendering bundle…).
    run: () => spawnSync('pnpm', ['--filter', '@sortie/web', 'build'], { cwd: root, stdio: 'inherit' }),
    // vite may have written dist/ before the budget check failed: never serve that as fresh.
    onFailure: () => {
      rmSync(join(pkg('web'), 'dist/index.html'), { force: true });
      rmSync(join(pkg('web'), 'dist-server/entry-server.mjs'), { force: true });
    },
  },
  server: {
    // The web build counts: the server's dist/ carries a copy of it.
    sources: ['src', 'scripts', 'package.json'].map((p) => join(pkg('server'), p)).concat(sharedSources, ['dist', 'dist-server'].map((p) => join(pkg('web'), p))),
    marker: join(pkg('server'), 'dist/build.json'),
    run: () => spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: pkg('server'), stdio: 'inherit' }),
  },
  cli: {
    sources: ['src', 'scripts', 'bin', 'package.json'].map((p) => join(pkg('cli'), p)).concat(sharedSources),
    marker: join(pkg('cli'), 'dist/manifest.json'),
    run: () => spawnSync('pnpm', ['--filter', '@sortie/cli', 'build'], { cwd: root, stdio: 'inherit' }),
  },
};

export const isStale = (name) => Math.max(...PARTS[name].sources.map(newest)) > builtAt(PARTS[name].marker);

/** Builds the parts named, in order; only the stale ones unless `force`. Exits on a failure. */
export function build(names, { force = false } = {}) {
  for (const name of names) {
    const part = PARTS[name];
    if (!force && !isStale(name)) continue;
    console.error(`sortie : construction (${name})…`);
    const result = part.run();
    if (result.status !== 0) {
      part.onFailure?.();
      console.error(`sortie : la construction (${name}) a échoué.`);
      process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  build(asked.length ? asked : ['web', 'server', 'cli'], { force: !process.argv.includes('--stale') });
}
