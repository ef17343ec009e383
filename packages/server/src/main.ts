import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { DataDirInUseError } from './db/data-lock';
import { demoOrigin } from './collectors/demo-sources';
import { removeLocalAddress, writeLocalAddress } from './local-address';
import { MigrationError } from './db/migrations';
import { buildApp } from './app';
import { isEmpty, loadDemo } from './demo/load';
import { DEMO_ACCOUNTS } from './demo/ids';

/** Any number; the same in every Sortie process: the advisory lock held while one loads the demo. */
const DEMO_LOAD_LOCK = 7_240_518_019;

/** Composition of the server process: config from the environment, database, app, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
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

  // SIGTERM (systemd, docker stop, a rolling upgrade): /api/ready answers 503 at once, so that the
  // load balancer sends nothing more; after SORTIE_DRAIN_MS the server stops accepting, writes its
  // buffered short-link visits, closes its sockets (their clients reconnect through another node)
  // and exits. Whatever hangs, the process is gone within STOP_DEADLINE_MS.
  const drainMs = Math.min(Number(process.env.SORTIE_DRAIN_MS ?? 0) || 0, 5000);
  const STOP_DEADLINE_MS = 9500;
  const stop = async (signal: string) => {
    if (app.ctx.stopping) return;
    app.ctx.stopping = true;
    console.log(`${signal} reçu : arrêt propre (les visites en attente sont enregistrées).`);
    setTimeout(() => {
      console.error('Arrêt forcé : la fermeture a dépassé le délai.');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await app.close();
    await db.close();
    removeLocalAddress(config.dataDir);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A folder in use is an operator's situation, not a bug: its message says what to do.
  if (error instanceof DataDirInUseError || error instanceof MigrationError) console.error(error.message);
  else console.error('Le serveur n’a pas pu démarrer :', error);
  process.exit(1);
});
