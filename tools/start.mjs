#!/usr/bin/env node
// `pnpm start`: builds the web app when its sources are newer than the build, then runs
// the server (API, socket and web app on one port, demo data on first start).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'packages/web');
const built = join(web, 'dist/index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../core/src', '../adapters/src'].map((p) => join(web, p));
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale && existsSync(join(web, 'vite.config.ts'))) {
  console.log('sortie: construction de l’application web…');
  const build = spawnSync('pnpm', ['--filter', '@sortie/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    // vite may have written dist/ before the budget check failed: never serve that as fresh.
    rmSync(built, { force: true });
    process.exit(build.status ?? 1);
  }
}

const server = spawn('pnpm', ['--filter', '@sortie/server', 'start'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
