import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { DataDirInUseError } from '../db/data-lock';
import { loadDemo } from './load';
import { demoOrigin } from '../collectors/demo-sources';

/** `pnpm demo:reset`: empties the database and reloads the demo data (refused in production). */
const config = loadConfig();
if (config.production) {
  console.error('Refusé : NODE_ENV=production.');
  process.exit(1);
}
try {
  // Takes the data folder's lock: refused at once, nothing touched, while a server uses it.
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await loadDemo(db, { password: config.demoPassword, production: config.production, origin: demoOrigin(config) });
  await db.close();
  console.log(`Données de démonstration rechargées (${config.databaseUrl ? 'PostgreSQL' : config.dataDir}).`);
} catch (error) {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}
