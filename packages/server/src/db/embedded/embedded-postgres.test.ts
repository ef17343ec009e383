import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'sortie-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database process', () => {
  it('serves pg over its socket and vacuums and analyses itself, having no autovacuum', async () => {
    const embedded = await startEmbeddedPostgres(dataDir, { maintenancePeriodMs: 300 });
    const maintained = new Promise<string>((resolve) => embedded.onMaintained(resolve));
    const client = new pg.Client(embedded.connection);
    await client.connect();
    try {
      await client.query('CREATE TABLE visits (id int PRIMARY KEY)');
      await client.query('INSERT INTO visits SELECT generate_series(1, 500)');
      expect(Date.parse(await maintained)).not.toBeNaN();
      const { rows } = await client.query<{ last_analyze: Date | null; last_vacuum: Date | null }>(`SELECT last_analyze, last_vacuum FROM pg_stat_user_tables WHERE relname = 'visits'`);
      expect(rows[0]!.last_analyze).not.toBeNull();
      expect(rows[0]!.last_vacuum).not.toBeNull();
    } finally {
      await client.end();
      await embedded.stop();
    }
  });
});
