// A fresh database on the PostgreSQL server a bench was given (SORTIE_BENCH_DATABASE_URL), for one
// run: created empty, dropped after it (even with connections left open).
import pg from 'pg';

async function admin(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `{prefix}_{pid}_{time}` on the server of `adminUrl`: its name, its url, and drop(). */
export async function createBenchDatabase(adminUrl, prefix) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`)),
  };
}
