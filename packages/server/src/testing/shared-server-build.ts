import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { buildServerInto } from './server-process';

/** How long a test file waits for another worker's build of the server. */
const WAIT_MS = 180_000;

/**
 * The server built once for the whole test run, as `pnpm start` runs it, for the files that start
 * real processes (the data folder's lock, SIGTERM during a game, Web Push over HTTPS): the first
 * file to ask builds it into the run's dist-* folder of the package (the global setup removes it
 * at the end), the others, in other workers, wait for it. A folder made with mkdir in the run's
 * temporary folder is the claim: one builder only.
 */
export async function sharedServerBuild(): Promise<string> {
  // The bundle one level under the package, as dist/ is (it finds drizzle/ and node_modules from there).
  const out = inject('serverBuildDir');
  const folder = inject('serverBuildMarks');
  const done = join(folder, 'built');
  mkdirSync(folder, { recursive: true });
  try {
    mkdirSync(join(folder, 'claim'));
  } catch {
    // Another worker builds it: wait for its mark.
    const until = Date.now() + WAIT_MS;
    while (!existsSync(done)) {
      if (Date.now() > until) throw new Error(`Le serveur construit pour les tests n’est pas prêt après ${WAIT_MS / 1000} s.`);
      await sleep(100);
    }
    return join(out, 'main.mjs');
  }
  try {
    const script = await buildServerInto(out);
    writeFileSync(done, '');
    return script;
  } catch (error) {
    rmSync(join(folder, 'claim'), { recursive: true, force: true });
    throw error;
  }
}
