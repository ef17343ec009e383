#!/usr/bin/env node
// `pnpm sortie …` from the repository: the CLI, talking to the server this checkout started
// (`pnpm start` writes its address in the data folder, whatever its PORT) unless --api or
// SORTIE_API_URL says otherwise. Outside a checkout, `sortie` keeps its own default.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { root } from './build.mjs';

const dataDir = process.env.SORTIE_DATA_DIR
  ? (isAbsolute(process.env.SORTIE_DATA_DIR) ? process.env.SORTIE_DATA_DIR : resolve(process.env.INIT_CWD ?? process.cwd(), process.env.SORTIE_DATA_DIR))
  : join(root, '.data');

function runningServer() {
  try {
    const { url, pid } = JSON.parse(readFileSync(join(dataDir, 'sortie.address.json'), 'utf8'));
    process.kill(pid, 0); // throws when the server that wrote it is gone
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

const explicit = process.argv.some((arg) => arg === '--api' || arg.startsWith('--api='));
if (!explicit && !process.env.SORTIE_API_URL) {
  const url = runningServer();
  if (url) process.env.SORTIE_API_URL = url;
}
await import('../packages/cli/bin/sortie.mjs');
