#!/usr/bin/env node
// `pnpm start`: builds what its sources outdate (the web app, then the server), then runs the
// compiled server with node alone — API, socket and web app on one port, demo data on first
// start. A checkout keeps its data in .data/ at its root (the server finds it from any folder).
import { spawn } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { build, root } from './build.mjs';

// Checkouts before the root .data/ kept it in packages/server/.data: move it once, so that an
// existing demo database, its accounts and what was created in it are not left behind.
const legacy = join(root, 'packages/server/.data');
if (!process.env.SORTIE_DATA_DIR && existsSync(legacy) && !existsSync(join(root, '.data'))) {
  renameSync(legacy, join(root, '.data'));
  console.log('Dossier de données déplacé : packages/server/.data → .data');
}

build(['web', 'server']);
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], { cwd: join(root, 'packages/server'), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
