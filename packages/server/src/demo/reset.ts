import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { loadDemo } from './load';

/** `pnpm demo:reset`: empties the database and reloads the demo data (refused in production). */
const config = loadConfig();
if (config.production) {
  console.error('Refusé : NODE_ENV=production.');
  process.exit(1);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await loadDemo(db, { password: config.demoPassword, production: config.production });
await db.close();
console.log(`Données de démonstration rechargées (${config.databaseUrl ? 'PostgreSQL' : config.dataDir}).`);
