import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { DataDirInUseError } from '../db/data-lock';
import { loadDemo } from './load';
import { demoOrigin } from '../collectors/demo-sources';
import { VISIT_JOURNAL_FILE } from '../links/visit-journal';

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
  // The visits a killed server left in the journal were of the links just emptied: the next start must not bring them back.
  if (!config.databaseUrl) rmSync(join(config.dataDir, VISIT_JOURNAL_FILE), { force: true });
  await db.close();
  console.log(`Données de démonstration rechargées (${config.databaseUrl ? 'PostgreSQL' : config.dataDir}).`);
} catch (error) {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}
