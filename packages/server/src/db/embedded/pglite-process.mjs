// The embedded database's own process: PGlite on the data folder, served over the PostgreSQL
// wire protocol on a Unix socket (@electric-sql/pglite-socket), so that the server talks to
// it with the same `pg` driver and the same code as to a real PostgreSQL, and so that a slow
// query never blocks the server's event loop.
//
// Plain JavaScript on purpose: it is started with `node` alone, whatever runs the parent
// (tsx in development, vitest in tests, the compiled server in production).
//
// Control socket (the 4th argument, in the same private 0700 folder as the database's socket):
// `sortie-admin backup` connects and sends one line, {"type":"dump","path":"/abs/file.tar.gz"}; the
// data folder is dumped there (PGlite's dumpDataDir, between two statements) and one line answers,
// {"ok":true,"bytes":N} or {"ok":false,"message":"…"}. Through this process, because it alone may
// read the folder while the server runs.
//
// Parent → child (IPC): { type: 'close' }. Child → parent: { type: 'ready' } or
// { type: 'failed', message }. A parent that goes away (even killed with SIGKILL) closes the
// IPC channel: the database is then closed cleanly and the process exits.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { createServer } from 'node:net';

const [dataDir, socketPath, maintenanceMs, controlPath] = process.argv.slice(2);

let db;
let server;
let control;
let closing;

function close(code) {
  closing ??= (async () => {
    control?.close();
    try {
      await server?.stop();
    } catch {
      // already stopped
    }
    try {
      if (db && !db.closed) await db.close();
    } catch (error) {
      console.error('PGlite : fermeture impossible :', error);
      code = 1;
    }
    // The sockets' private folder (/tmp/sortie-pg-…): gone with us, even when the server was killed.
    const socketDir = dirname(socketPath);
    if (basename(socketDir).startsWith('sortie-pg-')) rmSync(socketDir, { recursive: true, force: true });
    process.exit(code);
  })();
  return closing;
}

process.on('message', (message) => {
  if (message?.type === 'close') void close(0);
});
process.on('disconnect', () => void close(0));
// A signal sent to the whole process group (Ctrl-C, systemd's stop, `kill -- -pid`) reaches the
// parent too, which still has writes to make (buffered short-link visits): it closes us through
// IPC after them. Only a parent that never does is overridden.
const PARENT_GRACE_MS = 15_000;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => setTimeout(() => void close(0), PARENT_GRACE_MS).unref());
}

/**
 * PGlite runs no autovacuum: without this, the planner's statistics would describe the data of
 * the last seed forever, and the visibility map would never let an index-only scan skip the heap.
 * A VACUUM (ANALYZE) of 100,000 events holds the database for about 2 s, hence a long period.
 */
function scheduleMaintenance(periodMs) {
  if (periodMs <= 0) return;
  setInterval(() => {
    db.exec('VACUUM (ANALYZE)').then(
      () => process.send?.({ type: 'maintained', at: new Date().toISOString() }),
      (error) => console.error('PGlite : entretien (VACUUM ANALYZE) impossible :', error),
    );
  }, periodMs).unref();
}

/**
 * A copy of the data folder as a gzipped tarball, written beside `path` then renamed onto it.
 * dumpDataDir waits for the statement under way and holds the database while it reads the files:
 * the copy is the folder between two statements, which PostgreSQL opens as after a crash —
 * every committed transaction there, any transaction still open rolled back.
 */
async function dump(path) {
  const blob = await db.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  const partial = `${path}.partial`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, path);
  return bytes.length;
}

function serveControl(path) {
  control = createServer((connection) => {
    let line = '';
    connection.setEncoding('utf8');
    const answer = (body) => connection.end(`${JSON.stringify(body)}\n`);
    connection.on('error', () => undefined);
    connection.on('data', (chunk) => {
      line += chunk;
      if (!line.includes('\n')) return;
      connection.removeAllListeners('data');
      let command;
      try {
        command = JSON.parse(line.slice(0, line.indexOf('\n')));
      } catch {
        command = null;
      }
      if (command?.type !== 'dump' || typeof command.path !== 'string') return answer({ ok: false, message: 'Commande inconnue.' });
      dump(command.path).then(
        (bytes) => answer({ ok: true, bytes }),
        (error) => answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  return new Promise((resolve, reject) => {
    control.once('error', reject);
    control.listen(path, resolve);
  });
}

try {
  db = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm } });
  // The server keeps one connection (see database.ts); a second lets a replacement connect
  // while a dropped one is still being detached.
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  await server.start();
  scheduleMaintenance(Number(maintenanceMs) || 0);
  if (controlPath) await serveControl(controlPath);
  process.send?.({ type: 'ready' });
} catch (error) {
  process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  await close(1);
}
