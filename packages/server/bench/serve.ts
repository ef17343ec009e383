// Child process of the bench: the Sortie server on a temporary PGlite folder with demo data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { loadDemo } from '../src/demo/load';

const dir = mkdtempSync(join(tmpdir(), 'sortie-bench-'));
const config = { ...loadConfig({ SORTIE_DATA_DIR: dir } as NodeJS.ProcessEnv), secret: 'bench-secret-bench-secret' };
const db = await openDatabase({ dataDir: dir });
await loadDemo(db, { password: 'sortie-demo', production: false });
const app = await buildApp({ db, config });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ type: 'ready', port: (app.server.address() as { port: number }).port });
process.on('message', async (message: { type: string; shortCode: string }) => {
  if (message.type !== 'stop') return;
  await app.close(); // flushes the buffered visits
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dyna_link_visits v JOIN dyna_links l ON l.id = v.link_id WHERE l.short_code = $1', [message.shortCode]);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  process.send!({ type: 'stopped', visits: Number(row?.n ?? 0) }, () => process.exit(0));
});
