// The real Sortie server that the CLI's integration tests run against: PGlite in a temporary
// folder, the French demo data set loaded, listening on a free port of 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, loadDemo, openDatabase, type Db, type SortieApp } from '@sortie/server';

/** The demo accounts' password. */
export const DEMO_PASSWORD = 'sortie-demo';

export interface DemoServer {
  /** The API's address, http://127.0.0.1:<port>. */
  api: string;
  /** The temporary folder, free for the test's own files (the database is in data/). */
  temp: string;
  db: Db;
  app: SortieApp;
  /** Closes the server and the database, and removes the temporary folder. */
  close(): Promise<void>;
}

export async function startDemoServer(tempPrefix: string): Promise<DemoServer> {
  const temp = mkdtempSync(join(tmpdir(), tempPrefix));
  const config = { ...loadConfig({ SORTIE_DATA_DIR: join(temp, 'data'), SORTIE_WEB_DIST: join(temp, 'no-web') }, temp), signInRateLimit: 1000 };
  let db: Db | undefined;
  let app: SortieApp | undefined;
  const close = async () => {
    await app?.close();
    await db?.close();
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    db = await openDatabase({ dataDir: config.dataDir });
    await loadDemo(db, { password: DEMO_PASSWORD, production: false });
    app = await buildApp({ db, config });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await close();
    throw error;
  }
  return { api: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, temp, db, app, close };
}
