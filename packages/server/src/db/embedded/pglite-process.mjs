// The embedded database's own process: PGlite on the data folder, served over the PostgreSQL
// wire protocol on a Unix socket (serveWire below, built here rather than with
// @electric-sql/pglite-socket: see there), so that the server talks to it with the same `pg`
// driver and the same code as to a real PostgreSQL, and so that a slow query never blocks the
// server's event loop.
//
// Plain JavaScript on purpose: it is started with `node` alone, whatever runs the parent
// (tsx in development, vitest in tests, the compiled server in production).
//
// Arguments: the data folder, the database's socket, the maintenance period (ms), the control
// socket, PostgreSQL's `shared_buffers` (embedded-postgres.ts says why it is not the default).
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
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { createServer } from 'node:net';

const [dataDir, socketPath, maintenanceMs, controlPath, sharedBuffers] = process.argv.slice(2);

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

/**
 * Keeps the names of the statements a client prepares (Parse, 'P') and closes (Close, 'C', of a
 * statement, 'S'): each a C string after the message's 5 bytes of type and length (after the
 * Close's kind). The unnamed statement ('') is replaced by the next one and needs no dropping.
 */
function trackPrepared(prepared, type, buffer, start) {
  if (type !== 0x50 && !(type === 0x43 && buffer[start + 5] === 0x53)) return;
  const from = start + (type === 0x50 ? 5 : 6);
  const name = buffer.toString('utf8', from, buffer.indexOf(0, from));
  if (!name) return;
  if (type === 0x50) prepared.add(name);
  else prepared.delete(name);
}

/** Startup packets carry no type byte: their second word names the protocol or the request. */
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** An ErrorResponse the client reads before the connection closes (too many connections: 53300). */
function fatal(code, message) {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/** An answer being copied out of PGlite's memory: its first `length` bytes. */
class AnswerBuffer {
  constructor(size) {
    this.bytes = Buffer.allocUnsafeSlow(size);
    this.length = 0;
  }

  append(chunk) {
    const length = this.length + chunk.length;
    if (length > this.bytes.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(length, this.bytes.length * 2));
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    this.bytes.set(chunk, this.length);
    this.length = length;
  }
}

/**
 * The buffers answers are copied into, each taken back once its write has left for the server
 * (a slow reader's write holds its buffer until then). A fresh copy of each chunk, and one more
 * to join them, was memory outside V8's heap at the pace of the reads, for which V8 ran a full
 * collection four to five times a second under the feed's load (issue 34), each stopping this
 * process, and every read waiting on it, for 4–5 ms and more in its marking steps; with these
 * buffers, one every few seconds.
 */
class AnswerBuffers {
  free = [];

  take() {
    const answer = this.free.pop() ?? new AnswerBuffer(ANSWER_BUFFER_BYTES);
    answer.length = 0;
    return answer;
  }

  /** Kept for the next answer unless enough are kept, or it grew for a rare large one (a dump's rows, say). */
  give(answer) {
    if (this.free.length < ANSWER_BUFFERS_KEPT && answer.bytes.length <= ANSWER_BUFFER_MAX_KEPT) this.free.push(answer);
  }
}

/** The first size of an answer's buffer: a page of the feed (20 events) fits in it. */
const ANSWER_BUFFER_BYTES = 128 * 1024;
/** A buffer grown past this is dropped once written: a rare answer's size is not kept for all. */
const ANSWER_BUFFER_MAX_KEPT = 1024 * 1024;
/** A write to a slow reader holds its buffer: more than these are made while others are held. */
const ANSWER_BUFFERS_KEPT = 4;

/**
 * The PostgreSQL wire protocol on a Unix socket, in front of PGlite's one session. What
 * @electric-sql/pglite-socket did, at a lower cost a statement (its socket writes alone were a
 * seventh of this process's busy time under /r's load; measured without them: about 3 µs less a
 * visit here, 17–18 µs instead of 20–22, 32 visits a statement): the messages a client sends together
 * (pg's Bind, Describe, Execute and Sync of one query) run in ONE call into PGlite, and
 * their answers leave in ONE write, where pglite-socket ran each message on its own (a promise,
 * a lock, a copy each) and wrote each answer on its own (a system call each, and as many
 * wake-ups of the server reading them). One client at a time: while one has a transaction
 * open, the others' messages wait until it ends (or it goes: its transaction is rolled back);
 * so do they while one has sent part of a query (a Parse and a Bind, its Execute and Sync still to
 * come: the unnamed statement and portal are the session's, and another's would replace them).
 * The statements a client prepared are dropped when it goes: the session outlives it.
 */
async function serveWire(db, path, maxConnections) {
  const answers = new AnswerBuffers();
  const queue = [];
  const clients = new Set();
  /** Every open socket, a refused one included: the server closes only once all are gone. */
  const sockets = new Set();
  let running = false;
  /** The client whose messages ran last: while its transaction is open or its query half sent, its messages alone run. */
  let owner = null;

  async function run() {
    if (running) return;
    running = true;
    try {
      while (queue.length) {
        const exclusive = owner !== null && clients.has(owner) && (owner.midQuery || db.isInTransaction());
        const index = exclusive ? queue.findIndex((item) => item.client === owner) : 0;
        if (index === -1) break;
        const [{ client, message, ends, drop }] = queue.splice(index, 1);
        if (drop) {
          await db.exec(drop).catch((error) => console.error('PGlite : requêtes préparées non libérées :', error));
          continue;
        }
        if (client.socket.destroyed) continue;
        if (message === null) {
          client.socket.end();
          continue;
        }
        const answer = answers.take();
        try {
          // No syncToFs: the data folder is PGlite's NodeFS, whose syncToFs does nothing (each
          // write already reaches the folder's files); asking for it cost a lock and a promise a
          // statement, about 20 µs of this process's time.
          // The answer's bytes as PGlite writes them, chunk by chunk, copied out of its memory,
          // which the next chunk reuses. Not execProtocolRaw: besides the bytes, it parses every
          // message into an object and keeps it in a list that only execProtocol empties (PGlite
          // 0.5), so this process grew by each answer's size (20 MB a second under the feed's
          // load) until V8 spent 70 ms at a time collecting what it could not free.
          await db.runExclusive(() => db.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => answer.append(chunk) }));
        } catch (error) {
          answers.give(answer);
          console.error('PGlite : requête impossible, connexion fermée :', error);
          client.socket.destroy();
          continue;
        }
        owner = client;
        client.midQuery = !ends;
        if (answer.length && !client.socket.destroyed) client.socket.write(answer.bytes.subarray(0, answer.length), () => answers.give(answer));
        else answers.give(answer);
      }
    } finally {
      running = false;
    }
  }

  /** A client gone: its waiting messages dropped, its open transaction rolled back. */
  async function gone(client) {
    if (!clients.delete(client)) return;
    for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i].client === client) queue.splice(i, 1);
    if (owner === client) {
      owner = null;
      if (db.isInTransaction() && !db.closed) await db.exec('ROLLBACK').catch(() => undefined);
    }
    // Dropped in turn, as a statement of its own: never inside another's transaction or query.
    if (client.prepared.size) queue.push({ client: null, drop: [...client.prepared].map((name) => `DEALLOCATE "${name.replaceAll('"', '""')}";`).join(' ') });
    void run();
  }

  function accept(socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (clients.size >= maxConnections) {
      socket.end(fatal('53300', 'trop de connexions à la base embarquée'));
      return;
    }
    /** midQuery: its last messages run did not end with a Sync or a simple Query. prepared: the names of its statements. */
    const client = { socket, started: false, pending: Buffer.alloc(0), midQuery: false, prepared: new Set() };
    clients.add(client);
    socket.on('error', () => undefined);
    socket.on('close', () => void gone(client));
    socket.on('data', (data) => {
      let buffer = client.pending.length ? Buffer.concat([client.pending, data]) : data;
      // The startup: SSL and GSS requests are refused ('N': go on in clear), a cancel request is
      // dropped (PGlite has no backend to signal), the startup packet itself runs on its own.
      while (!client.started && buffer.length >= 8) {
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) break;
        const code = buffer.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write('N');
        else if (code === CANCEL_REQUEST) socket.end();
        else {
          if (code === PROTOCOL_3) client.started = true;
          queue.push({ client, message: new Uint8Array(buffer.subarray(0, length)), ends: true });
        }
        buffer = buffer.subarray(length);
      }
      if (!client.started) {
        client.pending = Buffer.from(buffer);
        void run();
        return;
      }
      // Every complete message received so far, as one batch; a partial one waits for the rest.
      let end = 0;
      let terminate = false;
      let last = 0;
      while (buffer.length - end >= 5) {
        const length = 1 + buffer.readInt32BE(end + 1);
        if (buffer.length - end < length) break;
        const type = buffer[end];
        if (type === 0x58) {
          // Terminate ('X'): the client leaves; what it sent before still runs.
          terminate = true;
          break;
        }
        trackPrepared(client.prepared, type, buffer, end);
        last = type;
        end += length;
      }
      // Sync ('S') ends an extended-protocol query, a simple Query ('Q') is one on its own.
      if (end > 0) queue.push({ client, message: new Uint8Array(buffer.subarray(0, end)), ends: last === 0x53 || last === 0x51 });
      client.pending = terminate ? Buffer.alloc(0) : Buffer.from(buffer.subarray(end));
      if (terminate) queue.push({ client, message: null });
      void run();
    });
  }

  const server = createServer(accept);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  return {
    async stop() {
      // A refused client that never closed its side held the stop until the parent's SIGKILL.
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

try {
  db = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] });
  // The server keeps two connections (see open-database.ts); a third lets a replacement connect
  // while a dropped one is still being detached.
  server = await serveWire(db, socketPath, 3);
  scheduleMaintenance(Number(maintenanceMs) || 0);
  if (controlPath) await serveControl(controlPath);
  process.send?.({ type: 'ready' });
} catch (error) {
  process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  await close(1);
}
