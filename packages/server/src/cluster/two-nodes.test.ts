import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { BACKENDS, openTestDb } from '../testing/test-app';
import type { Db } from '../db/database';
import { PostgresDb } from '../db/open-database';
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_SHORT_CODES } from '../demo/ids';
import { SESSION_CACHE_MS } from '../auth/session-cache';

/*
 * Sortie scaled out: two real server processes (node A and node B, `src/main.ts` as an operator
 * starts it) on two ports, sharing one PostgreSQL. Whatever one node takes, a client of the
 * other sees: tournament updates, pushes, short links, the public cache, the sign-in limit; and
 * a node killed with SIGKILL loses no committed write. Needs SORTIE_TEST_DATABASE_URL (CI).
 */

type Tournament = { _id: string; participants: Array<{ id: string; name: string }>; matches: Array<{ id: string; a: string | null; b: string | null; scoreA: number | null; scoreB: number | null; status: string }> };
type Reply = { status: string; msg?: string; tournament: Tournament };

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SIGN_IN_LIMIT = 10;

interface Node {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * How long a node may take to listen: the CI's loaded 2 cores (the end-to-end tests beside) once
 * took more than 30 s to start one (tsx compiling the server, then migrating and loading the demo).
 */
const NODE_START_TIMEOUT_MS = 90_000;

/** Starts `node --import tsx src/main.ts` on DATABASE_URL; resolves once it listens. */
async function startNode(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SORTIE_WEB_DIST: '/nonexistent-web-dist',
      SORTIE_SECRET: 'cluster-secret-cluster-secret-cluster',
      SORTIE_TRUST_PROXY: '1',
      SORTIE_SIGNIN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output.join('')}`)), NODE_START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Sortie est prêt')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output.join('')}`)));
  });
  return { name, url: `http://127.0.0.1:${port}`, process: child, output };
}

const stopNode = (node: Node | undefined) =>
  new Promise<void>((resolve) => {
    if (!node || node.process.exitCode !== null || node.process.signalCode !== null) return resolve();
    node.process.on('exit', () => resolve());
    node.process.kill('SIGTERM');
  });

async function signIn(node: Node, email: string): Promise<string> {
  const signed = await fetch(`${node.url}/api/identity/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'sortie-demo' }) });
  const { idToken } = (await signed.json()) as { idToken: string };
  const login = await fetch(`${node.url}/api/auth/login/web`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });
  const cookie = login.headers.getSetCookie().find((c) => c.includes('sortie_session='))!;
  return cookie.split(';')[0]!;
}

const api = (node: Node, method: string, path: string, cookie: string | null, body?: unknown) =>
  fetch(`${node.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const figures: string[] = [];
const figure = (line: string) => figures.push(line);

describe.skipIf(!BACKENDS.includes('postgres'))('two server processes on one PostgreSQL', () => {
  let db: Db;
  let a: Node;
  let b: Node;
  let staff: string;
  let visitor: string;
  const sockets: Socket[] = [];

  const open = (node: Node, cookie?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(node.url, { transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const act = (socket: Socket, tournamentId: string, action: string, params: Record<string, unknown> = {}): Promise<Reply> =>
    socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action, tournamentId, params }));

  beforeAll(async () => {
    // One database, migrated and filled once; both nodes then start on it at the same time.
    db = await openTestDb('postgres');
    const url = (db as PostgresDb).pool.options.connectionString!;
    // B drains for 400 ms on SIGTERM, as behind a load balancer.
    [a, b] = await Promise.all([startNode('A', url), startNode('B', url, { SORTIE_DRAIN_MS: '400' })]);
    staff = await signIn(a, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(b, DEMO_ACCOUNTS.visitor.email);
  }, NODE_START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([stopNode(a), stopNode(b)]);
    await db?.close();
    if (figures.length) console.log(`Deux nœuds :\n  ${figures.join('\n  ')}`);
  });

  it('tells the load balancer that both nodes are ready', async () => {
    const [readyA, readyB] = await Promise.all([api(a, 'GET', '/api/ready', null), api(b, 'GET', '/api/ready', null)]);
    expect([readyA.status, readyB.status]).toEqual([200, 200]);
    const [nodeA, nodeB] = [(await readyA.json()) as { node: string; database: string }, (await readyB.json()) as { node: string }];
    expect(nodeA).toMatchObject({ status: 'ready', database: 'postgres' });
    expect(nodeA.node).not.toBe(nodeB.node);
  });

  // How soon the update and the push below arrive (issue 18: within a second) is measured by
  // `pnpm bench` (cluster); here, that they arrive on the other node at all.
  it('sends a spectator on B the tournament update made on A', async () => {
    const spectator = await open(b);
    expect((await act(spectator, DEMO_IDS.tournament, 'get')).status).toBe('ok');
    const staffOnA = await open(a, staff);
    const received = new Promise<number>((resolve) =>
      spectator.on(SOCKET_EVENTS.tournamentUpdate, (tournament: Tournament) => {
        if (tournament.participants.some((p) => p.name === 'Depuis le nœud A')) resolve(performance.now());
      }),
    );
    const sent = performance.now();
    expect(await act(staffOnA, DEMO_IDS.tournament, 'addParticipant', { name: 'Depuis le nœud A' })).toMatchObject({ status: 'ok' });
    const elapsed = (await received) - sent;
    figure(`mise à jour de tournoi A → spectateur sur B : ${elapsed.toFixed(1)} ms`);
  });

  it('pushes a notification created through A to the user’s socket on B', async () => {
    const socket = await open(b, visitor);
    // The user's room is joined once the handshake's session is read: a round trip makes sure of it.
    await act(socket, DEMO_IDS.tournament, 'get');
    // The connection also catches up the visitor's recent unread notifications (socket/push-catch-up.ts):
    // the one created below is recognised by its title, whatever was pushed before it.
    const pushed = new Promise<{ at: number; message: { data: { id: string } } }>((resolve) =>
      socket.on(SOCKET_EVENTS.push, (message: { data: { id: string }; notification: { title: string } }) => {
        if (message.notification.title === 'Concert ce soir') resolve({ at: performance.now(), message });
      }),
    );
    const sent = performance.now();
    const created = await api(a, 'POST', '/api/notifications', staff, { userId: DEMO_IDS.users.visitor, title: 'Concert ce soir', body: 'Au Confort Moderne' });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const { at, message } = await pushed;
    expect(message.data.id).toBe(_id);
    figure(`notification créée sur A → socket sur B : ${(at - sent).toFixed(1)} ms`);
  });

  // B keeps its short links in memory with no expiry: only the word of A's edit (NOTIFY) can make
  // it redirect to the new address. How soon (issue 18: ≤ 100 ms) is measured by `pnpm bench`
  // (cluster), where a loaded test machine does not decide it.
  it('redirects a short link edited through A to its new url on B, told by A', async () => {
    const path = `/r/${DEMO_SHORT_CODES.poitiers}`;
    const before = (await api(b, 'GET', path, null)).headers.get('location');
    expect(before).toBe('https://www.poitiers.fr/');
    const edited = await api(a, 'PATCH', `/api/dynaLinks/${DEMO_IDS.dynaLinks.poitiers}`, staff, { url: 'https://www.poitiers.fr/agenda' });
    expect(edited.status).toBe(200);
    const saved = performance.now();
    let location: string | null = before;
    while (location !== 'https://www.poitiers.fr/agenda' && performance.now() - saved < 2000) {
      location = (await api(b, 'GET', path, null)).headers.get('location');
    }
    const elapsed = performance.now() - saved;
    figure(`lien court modifié sur A → nouvelle redirection sur B : ${elapsed.toFixed(1)} ms`);
    expect(location).toBe('https://www.poitiers.fr/agenda');
  });

  it('counts the visits of a link with a maximum on both nodes together', async () => {
    const created = await api(a, 'POST', '/api/dynaLinks', staff, { url: 'https://exemple.fr/billetterie', shortCode: 'dix-places', maxVisits: 10 });
    expect(created.status).toBe(201);
    const locations: string[] = [];
    // A visitor every 50 ms, sent to A or B in turn, as a load balancer does.
    for (let i = 0; i < 40; i += 1) {
      locations.push((await api(i % 2 ? b : a, 'GET', '/r/dix-places', null)).headers.get('location') ?? '');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const admitted = locations.filter((l) => l === 'https://exemple.fr/billetterie').length;
    figure(`lien limité à 10 visites, 40 visiteurs sur A et B : ${admitted} redirigés`);
    // Each node counts its own visits between two flushes (250 ms): at most what one interval lets through on the other.
    expect(admitted).toBeGreaterThanOrEqual(10);
    expect(admitted).toBeLessThanOrEqual(13);
    expect(locations.at(-1)).not.toBe('https://exemple.fr/billetterie');
  });

  it('shows an event published through A in B’s anonymous city feed', async () => {
    const feed = '/api/events?city=Chauvigny&limit=20';
    const titles = async () => ((await (await api(b, 'GET', feed, null)).json()) as { items: Array<{ title: string }> }).items.map((e) => e.title);
    expect(await titles()).not.toContain('Marché de nuit');
    const created = await api(a, 'POST', '/api/events', staff, { title: 'Marché de nuit', startsAt: new Date(Date.now() + 86_400_000).toISOString(), city: 'Chauvigny', placeId: DEMO_IDS.places.tap });
    expect(created.status).toBe(201);
    const saved = performance.now();
    let seen = await titles();
    while (!seen.includes('Marché de nuit') && performance.now() - saved < 3000) seen = await titles();
    const elapsed = performance.now() - saved;
    figure(`événement publié sur A → fil de la ville sur B : ${elapsed.toFixed(1)} ms`);
    // How soon is a figure, not an assertion (no timing in a test): the feed shows it, well within the poll's bound.
    expect(seen).toContain('Marché de nuit');
  });

  it('ends on B at once a session signed out through A (B had read it a moment before)', async () => {
    const cookie = await signIn(a, DEMO_ACCOUNTS.visitor.email);
    expect((await api(b, 'GET', '/api/auth/me', cookie)).status).toBe(200);
    expect((await api(a, 'POST', '/api/auth/logout', cookie)).status).toBe(200);
    const signedOut = performance.now();
    let status = (await api(b, 'GET', '/api/auth/me', cookie)).status;
    // Polled for less than the few seconds B keeps a session it read (SESSION_CACHE_MS): only the change bus can end it sooner.
    while (status === 200 && performance.now() - signedOut < SESSION_CACHE_MS / 2) status = (await api(b, 'GET', '/api/auth/me', cookie)).status;
    figure(`session fermée sur A → refusée sur B : ${(performance.now() - signedOut).toFixed(1)} ms`);
    expect(status).toBe(401);
  });

  it('keeps both scores reported at the same moment on A and on B', async () => {
    const created = await api(a, 'POST', '/api/tournaments', staff, { name: 'Tournoi des deux nœuds', game: 'Fléchettes', format: 'single_elimination' });
    expect(created.status).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };
    const [onA, onB] = [await open(a, staff), await open(b, staff)];
    for (const name of ['Alice', 'Bruno', 'Chloé', 'David']) expect(await act(onA, id, 'addParticipant', { name })).toMatchObject({ status: 'ok' });
    const started = await act(onB, id, 'start');
    expect(started).toMatchObject({ status: 'ok' });
    const [first, second] = started.tournament.matches.filter((m) => m.a && m.b && m.status !== 'done');
    // Both nodes hold a copy first, so that each write starts from a copy the other may outdate.
    await act(onA, id, 'get');
    await act(onB, id, 'get');
    // What each staff screen shows: its own reply, then every update its room is sent.
    const shown = new Map<Socket, Tournament>();
    for (const socket of [onA, onB]) socket.on(SOCKET_EVENTS.tournamentUpdate, (t: Tournament) => t._id === id && shown.set(socket, t));
    const replies = await Promise.all([
      act(onA, id, 'reportScore', { matchId: first!.id, scoreA: 3, scoreB: 1 }),
      act(onB, id, 'reportScore', { matchId: second!.id, scoreA: 0, scoreB: 2 }),
    ]);
    expect(replies.map((r) => r.status)).toEqual(['ok', 'ok']);
    const scoresOf = (tournament: Tournament | undefined) => {
      const scores = Object.fromEntries((tournament?.matches ?? []).map((m) => [m.id, [m.scoreA, m.scoreB]]));
      return [scores[first!.id], scores[second!.id]];
    };
    // No write lost: the stored row holds both, whichever of the two was stored second.
    const [row] = await db.query<{ data: Tournament }>(`SELECT data FROM tournaments WHERE id = $1`, [id]);
    expect(scoresOf(row!.data)).toEqual([[3, 1], [0, 2]]);
    // Each node hears the other's write through the change bus, a moment after its own reply:
    // its room is then sent the tournament with both scores, and its copy answers with both.
    for (const socket of [onA, onB]) {
      await expect.poll(() => scoresOf(shown.get(socket)), { timeout: 5000 }).toEqual([[3, 1], [0, 2]]);
      expect(scoresOf((await act(socket, id, 'get')).tournament)).toEqual([[3, 1], [0, 2]]);
    }
  });

  it('limits sign-in attempts spread over A and B together', async () => {
    // One visitor's address (behind the load balancer), trying passwords on whichever node it is sent to.
    const attempt = (node: Node) =>
      fetch(`${node.url}/api/identity/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23' },
        body: JSON.stringify({ email: DEMO_ACCOUNTS.visitor.email, password: 'pas le bon' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 2; i += 1) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses.slice(0, SIGN_IN_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
    figure(`connexions refusées ensemble : ${statuses.filter((s) => s === 429).length} sur ${statuses.length}, 429 dès la ${SIGN_IN_LIMIT + 1}e`);
  });

  it('broadcasts between nodes again once PostgreSQL dropped their listening connections', async () => {
    const socket = await open(b, visitor);
    await act(socket, DEMO_IDS.tournament, 'get');
    const pushed: string[] = [];
    socket.on(SOCKET_EVENTS.push, (message: { data: { id: string } }) => pushed.push(message.data.id));
    // A database restart, a proxy's idle timeout…: every LISTEN connection drops at once.
    const killed = await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND datname = current_database() AND pid <> pg_backend_pid()`);
    expect(killed.length).toBeGreaterThanOrEqual(4); // per node: the change bus and the socket.io adapter
    const dropped = performance.now();
    const sent: string[] = [];
    await expect
      .poll(
        async () => {
          const created = await api(a, 'POST', '/api/notifications', staff, { userId: DEMO_IDS.users.visitor, title: 'Toujours là' });
          sent.push(((await created.json()) as { _id: string })._id);
          return pushed.some((id) => sent.includes(id));
        },
        { timeout: 8000, interval: 200 },
      )
      .toBe(true);
    figure(`LISTEN coupés par PostgreSQL → diffusion rétablie en ${(performance.now() - dropped).toFixed(0)} ms`);
  });

  it('loses no committed write when A is killed with SIGKILL, and its socket clients carry on through B', async () => {
    // What a client behind the load balancer does: its connection drops, it connects again and lands on B.
    let staffSocket = await open(a, staff);
    let spectator = await open(a);
    await act(spectator, DEMO_IDS.tournament, 'get');
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 60; i += 1) {
        const name = `Avant la panne ${i}`;
        try {
          const reply = await act(staffSocket, DEMO_IDS.tournament, 'addParticipant', { name });
          if (reply.status === 'ok') acknowledged.push(name);
        } catch {
          return; // the node died with this write unacknowledged
        }
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 5000 }).toBeGreaterThanOrEqual(5);
    a.process.kill('SIGKILL');
    await new Promise((resolve) => a.process.once('exit', resolve));
    writing = false;
    await writer;

    staffSocket = await open(b, staff);
    spectator = await open(b);
    const { tournament } = await act(spectator, DEMO_IDS.tournament, 'get');
    const names = tournament.participants.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(acknowledged));
    const updates: Tournament[] = [];
    spectator.on(SOCKET_EVENTS.tournamentUpdate, (t: Tournament) => updates.push(t));
    expect(await act(staffSocket, DEMO_IDS.tournament, 'addParticipant', { name: 'Après la panne' })).toMatchObject({ status: 'ok' });
    await expect.poll(() => updates.at(-1)?.participants.map((p) => p.name), { timeout: 2000 }).toContain('Après la panne');
    figure(`SIGKILL de A : ${acknowledged.length} écritures acquittées, toutes lues sur B`);
  });

  it('stops B on SIGTERM within 10 s: not ready any more while it drains, its short-link visits stored, its sockets told', async () => {
    const visits = async () => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dyna_link_visits WHERE link_id = $1`, [DEMO_IDS.dynaLinks.poitiers]))[0]!.n);
    const before = await visits();
    for (let i = 0; i < 20; i += 1) expect((await api(b, 'GET', `/r/${DEMO_SHORT_CODES.poitiers}`, null)).status).toBe(302);
    const socket = await open(b);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const exited = new Promise<number | null>((resolve) => b.process.once('exit', (code) => resolve(code)));
    const signalled = performance.now();
    b.process.kill('SIGTERM');
    let ready = 200;
    while (ready === 200 && performance.now() - signalled < 300) ready = (await api(b, 'GET', '/api/ready', null)).status;
    expect(ready).toBe(503);
    // Still serving meanwhile: a request the load balancer sent before it heard is answered.
    expect((await api(b, 'GET', '/api/health', null)).status).toBe(200);
    const [code, reason] = await Promise.all([exited, disconnected]);
    const elapsed = performance.now() - signalled;
    figure(`SIGTERM de B : arrêt en ${elapsed.toFixed(0)} ms`);
    // Exit 0, not the forced exit of the drain limit (10 s); how soon is the sigterm bench's figure.
    expect(code).toBe(0);
    // Not "io server disconnect": a socket.io client reconnects by itself after a transport close (through the load balancer, to another node).
    expect(reason).toBe('transport close');
    expect(await visits()).toBe(before + 20);
  });
});
