#!/usr/bin/env node
// `pnpm start`: builds what its sources outdate (the web app, then the server), then runs the
// compiled server with node alone — API, socket and web app on one port, demo data on first
// start. The working directory is packages/server, as before: its .data/ stays the data folder.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, root } from './build.mjs';

build(['web', 'server']);
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], { cwd: join(root, 'packages/server'), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
