#!/usr/bin/env node
// `pnpm sortie-admin …` from the repository: builds the server when stale, then runs its admin
// command (packages/server/dist/admin.mjs) where pnpm was called from, on the data folder
// `pnpm start` uses (.data at the checkout's root) unless SORTIE_DATA_DIR or DATABASE_URL says otherwise.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build, root } from './build.mjs';

build(['server']);
const env = { ...process.env };
env.SORTIE_DATA_DIR ??= join(root, '.data');
const result = spawnSync(process.execPath, [join(root, 'packages/server/dist/admin.mjs'), ...process.argv.slice(2)], {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
