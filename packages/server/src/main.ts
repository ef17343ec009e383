import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { DataDirInUseError } from './db/data-lock';
import { demoOrigin } from './collectors/demo-sources';
import { removeLocalAddress, writeLocalAddress } from './local-address';
import { MigrationError } from './db/migrations';
import { buildApp, type SortieApp } from './app';
import type { Db } from './db/database';
import type { ServerConfig } from './config';
import { isEmpty, loadDemo } from './demo/load';
import { DEMO_ACCOUNTS } from './demo/ids';
import { growHeapForRequests } from './heap-growth';

/** Any number; the same in every Sortie process: the advisory lock held while one loads the demo. */
const DEMO_LOAD_LOCK = 7_240_518_019;

/** Composition of the server process: config from the environment, database, app, listen. */
async function main(): Promise<void> {
  growHeapForRequests();
  const config = loadConfig();
  // Stopping is heard from the start: a SIGTERM while the server starts stops it once it has started.
  let started: ((value: { app: SortieApp; db: Db }) => void) | undefined;
  const running = new Promise<{ app: SortieApp; db: Db }>((resolve) => (started = resolve));
  let stopRequested = false;
  const stopWhenStarted = (signal: string) => {
    if (stopRequested) return;
    stopRequested = true;
    console.log(`${signal} reçu : arrêt propre (les parties en cours et les visites en attente sont enregistrées).`);
    setTimeout(() => {
      console.error('Arrêt forcé : la fermeture a dépassé le délai.');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    void running.then(({ app, db }) => stop(app, db, config));
  };
  process.on('SIGTERM', () => stopWhenStarted('SIGTERM'));
  process.on('SIGINT', () => stopWhenStarted('SIGINT'));
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Nodes started together on an empty database: one loads the demo, the others then find it.
  const demo =
    !config.production &&
    (await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOAD_LOCK]);
      if (!(await isEmpty(tx))) return false;
      await loadDemo(tx, { password: config.demoPassword, production: config.production, origin: demoOrigin(config) });
      return true;
    }));
  const app = await buildApp({ db, config, logger: process.env.SORTIE_LOG === '1' });
  // A run of each demo job at once, so that /dashboard/tasks shows a run history from the start.
  if (demo) await app.ctx.jobs.runNow('notifications').catch(() => undefined);
  await app.listen({ port: config.port, host: config.host });
  app.ctx.jobs.start();
  const address = app.server.address();
  // Listening on a port (not a pipe): the address is its AddressInfo.
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // Best effort: a read-only data folder (PostgreSQL mode) only costs the CLI its guess.
  try {
    writeLocalAddress(config.dataDir, port);
  } catch {
    // the CLI then uses its default address
  }
  const lines = [
    `Sortie est prêt : ${url}`,
    `Base de données : ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`}${demo ? ' — données de démonstration chargées' : ''}`,
  ];
  if (!config.production) {
    lines.push(`Comptes de démonstration (mot de passe « ${config.demoPassword} ») :`);
    for (const account of Object.values(DEMO_ACCOUNTS)) lines.push(`  ${account.email}${account.roles.length ? ` (${account.roles.join(', ')})` : ''}`);
  }
  console.log(lines.join('\n'));

  started!({ app, db });
}

// SIGTERM (systemd, docker stop, a rolling upgrade), in this order: /api/ready answers 503 at
// once, so that the load balancer sends nothing more, and sockets reconnecting are turned away;
// after SORTIE_DRAIN_MS the live games refuse new calls (« le serveur redémarre ») and acknowledge
// those under way, their sockets are closed as a transport close (their clients reconnect
// through another node, or here after the restart, and rejoin with their player token), the
// app's close hooks write what it holds (buffered short-link visits…), the database is closed
// and the process exits 0. The app's close is given APP_CLOSE_MS, so that the database is closed
// whatever hangs; and the process is gone within STOP_DEADLINE_MS (README: 10 s) of the signal in
// any case, even one heard while the server was starting (it stops once started).
const drainMs = Math.min(Number(process.env.SORTIE_DRAIN_MS ?? 0) || 0, 5000);
const STOP_DEADLINE_MS = 9500;
const APP_CLOSE_MS = STOP_DEADLINE_MS - drainMs - 2000;
async function stop(app: SortieApp, db: Db, config: ServerConfig): Promise<void> {
  app.ctx.stopping = true;
  const started = performance.now();
  if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), APP_CLOSE_MS))),
  ]);
  clearTimeout(timer);
  if (!closed) console.error(`Arrêt : le serveur ne s’est pas fermé en ${APP_CLOSE_MS / 1000} s ; la base de données est fermée quand même.`);
  await db.close();
  removeLocalAddress(config.dataDir);
  console.log(`Arrêté en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  process.exit(closed ? 0 : 1);
}

main().catch((error: unknown) => {
  // A folder in use is an operator's situation, not a bug: its message says what to do.
  if (error instanceof DataDirInUseError || error instanceof MigrationError) console.error(error.message);
  else console.error('Le serveur n’a pas pu démarrer :', error);
  process.exit(1);
});
