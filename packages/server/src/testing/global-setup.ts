import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type PgliteDb } from '../db/open-database';
import { loadDemo } from '../demo/load';
import { SERVER_DIR } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** Where sharedServerBuild builds the server once for the run, and where its workers mark who builds and when it is built. */
    serverBuildDir: string;
    serverBuildMarks: string;
  }
}

/** Runs initdb, the migrations and the demo load once, and dumps the data folder for every test file. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sortie-test-'));
  const db = (await openDatabase({})) as PgliteDb;
  await loadDemo(db, { password: 'sortie-demo', production: false });
  const dump = await db.client.dumpDataDir('none');
  const file = join(dir, 'demo.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteDump', file);
  // In the package (dist-*, ignored by git), so that the bundle's imports find node_modules.
  const serverBuild = join(SERVER_DIR, `dist-test-run-${process.pid}`);
  project.provide('serverBuildDir', serverBuild);
  project.provide('serverBuildMarks', join(dir, 'server-build'));
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(serverBuild, { recursive: true, force: true });
  };
}
