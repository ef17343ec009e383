// A fresh database on the PostgreSQL server a bench was given (SORTIE_BENCH_DATABASE_URL), for one
// run: created empty, dropped after it (even with connections left open).
import pg from 'pg';

/** One statement on a connection of its own: its result. */
async function queryOnce(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `{prefix}_{pid}_{time}` on the server of `adminUrl`: its name, its url, and drop(). */
export async function createBenchDatabase(adminUrl, prefix) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await queryOnce(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => queryOnce(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => queryOnce(adminUrl, `DROP DATABASE IF EXISTS ${name}`)),
  };
}

/**
 * What PostgreSQL keeps in its own memory (`shared_buffers`) against the size of the database at
 * `url`: a page it does not keep is read again from the system's file cache, and a host may empty
 * that cache (this machine's pages out file cache unused for a minute), so that a search then
 * waits for the disk.
 */
export async function bufferCoverage(url) {
  const { rows } = await queryOnce(
    url,
    `SELECT current_setting('shared_buffers') AS setting,
            (SELECT setting::bigint * current_setting('block_size')::bigint FROM pg_settings WHERE name = 'shared_buffers') AS bytes,
            pg_database_size(current_database()) AS database_bytes`,
  );
  return { sharedBuffers: rows[0].setting, sharedBuffersBytes: Number(rows[0].bytes), databaseBytes: Number(rows[0].database_bytes) };
}
