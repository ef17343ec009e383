import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import type { Db } from '../db/database';
import { DataDirInUseError } from '../db/data-lock';
import { isEmpty, loadDemo } from './load';
import { demoOrigin } from '../collectors/demo-sources';
import { seedVolume, type VolumeCounts } from './volume';

/**
 * `pnpm --filter @sortie/server seed:volume -- --events 100000`: adds realistic volume (French
 * events over ten cities, with their places, organisations and artists) to the data folder of a
 * stopped server, or to DATABASE_URL. Loads the demo first on an empty database. Idempotent.
 */
const USAGE = 'Usage : seed:volume [--events N]   (N entier positif, 100000 par défaut)';
const number = new Intl.NumberFormat('fr-FR');
const seconds = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const LABELS: Record<keyof VolumeCounts, string> = { events: 'événements', places: 'lieux', organizations: 'organisations', artists: 'artistes' };

function parseEvents(argv: string[]): number {
  // pnpm passes the `--` that separates its own options from the script's.
  const args = argv.filter((arg) => arg !== '--');
  let values: { events?: string };
  try {
    ({ values } = parseArgs({ args, options: { events: { type: 'string' } }, strict: true }));
  } catch {
    throw new Error(`arguments non reconnus : ${args.join(' ')}\n${USAGE}`);
  }
  if (values.events === undefined) return 100_000;
  const events = Number(values.events.replace(/[_\s]/g, ''));
  if (!Number.isInteger(events) || events < 1) throw new Error(`--events attend un entier positif, pas « ${values.events} ».\n${USAGE}`);
  return events;
}

const config = loadConfig();
let db: Db | undefined;
try {
  if (config.production) throw new Error('Refusé : NODE_ENV=production (données fictives).');
  const events = parseEvents(process.argv.slice(2));
  const started = performance.now();
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  // Takes the data folder's lock: refused at once, nothing touched, while a server uses it.
  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (await isEmpty(db)) {
    console.log('Base vide : chargement des données de démonstration…');
    await loadDemo(db, { password: config.demoPassword, production: config.production, origin: demoOrigin(config) });
  }
  console.log(`Génération de ${number.format(events)} événements dans ${target}…`);
  const result = await seedVolume(db, {
    events,
    onProgress: ({ resource, done, total }) => process.stdout.write(`\r  ${LABELS[resource]} : ${number.format(done)} / ${number.format(total)}${done === total ? '\n' : ''}`),
  });
  await db.close();
  db = undefined;
  console.log(`Volume prêt en ${seconds.format(result.seconds)} s (${seconds.format((performance.now() - started) / 1000)} s avec l’ouverture de la base) :`);
  for (const resource of ['events', 'places', 'organizations', 'artists'] as const) {
    console.log(`  ${LABELS[resource]} : ${number.format(result.planned[resource])}, dont ${number.format(result.added[resource])} ${result.added[resource] > 1 ? 'ajoutés' : 'ajouté'}`);
  }
  console.log(`  villes : ${result.cities.join(', ')}`);
} catch (error) {
  await db?.close().catch(() => undefined);
  // The lock's message says what to do (stop the server or choose another folder).
  console.error(error instanceof DataDirInUseError ? error.message : `Échec de seed:volume : ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  process.exit(1);
}
