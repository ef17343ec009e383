import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type TournamentActor } from '@sortie/core/domain';
import { openTestDb, signIn, testApp } from '../testing/test-app';
import { Store, type Json } from '../db/store';
import type { Db } from '../db/database';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { TournamentRooms } from './tournament-rooms';

type Match = { id: string; a: string | null; b: string | null; status: string; round: number; bracket: string; scoreA: number | null; station?: string; calledAt?: number };
type Tournament = { _id: string; status: string; settings: Record<string, unknown>; matches: Match[] };
type Reply = { status: string; msg?: string; tournament: Tournament };

const STAFF: TournamentActor = { id: 'staff-1', name: 'Camille', staff: true };
const WALK_INS = ['Anna', 'Bruno', 'Chloé', 'David', 'Élise', 'Farid', 'Gaëlle', 'Hugo'];
const T0 = Date.UTC(2026, 10, 28, 20, 0);
const MINUTE = 60_000;

/** Where each match is played, by match id: `[station, calledAt]`, or null. */
const stationsOf = (tournament: Json | Tournament) =>
  Object.fromEntries((tournament['matches'] as Match[]).map((m) => [m.id, m.station === undefined ? null : [m.station, m.calledAt ?? null]]));

/** Winners' round 1, as the bracket lists it (the call order of the first wave). */
const firstRound = (tournament: Json | Tournament) => (tournament['matches'] as Match[]).filter((m) => m.bracket === 'winners' && m.round === 1);

// The authority calls ready matches to the tournament's stations (core's assignStations) with
// its own clock, stores them, and sends them to the room with every state.
describe('stations on the tournament authority', () => {
  let db: Db;
  let store: Store;
  let time = T0;
  const clock = () => time;
  const rooms: TournamentRooms[] = [];
  /** A room of this server: what it would broadcast, in order. */
  const room = () => {
    const broadcast: Json[] = [];
    const authority = new TournamentRooms({ db, store, now: clock, changed: (t) => broadcast.push(t), followed: () => true, log: () => undefined });
    rooms.push(authority);
    return { authority, broadcast };
  };

  beforeAll(async () => {
    db = await openTestDb();
    store = new Store(db);
  });
  afterAll(async () => {
    for (const authority of rooms) await authority.close();
    await db.close();
  });

  /** A double elimination on two tables, eight walk-ins registered. */
  async function tonight(authority: TournamentRooms): Promise<string> {
    const created = await store.insert('tournaments', { name: 'Mario Kart du samedi', game: 'Mario Kart', format: 'double_elimination', status: 'registration', settings: { stations: ['Table 1', 'Table 2'], matchMinutes: 15 }, participants: [], matches: [], standings: [], winnerId: null });
    for (const name of WALK_INS) await authority.run(created._id, 'addParticipant', STAFF, { name });
    return created._id;
  }

  it('calls the first two ready matches to Table 1 and Table 2 at the start, and the next one to the table a score frees', async () => {
    const { authority, broadcast } = room();
    const id = await tonight(authority);
    time = T0 + 5 * MINUTE;
    const running = await authority.run(id, 'start', STAFF, {});
    const [m1, m2, m3, m4] = firstRound(running);
    expect(firstRound(running).every((m) => m.status === 'ready')).toBe(true);
    // Two stations, four ready matches: the first two in bracket order play, the others wait without a table.
    const nowhere = Object.fromEntries((running['matches'] as Match[]).map((m) => [m.id, null]));
    expect(stationsOf(running)).toEqual({ ...nowhere, [m1!.id]: ['Table 1', T0 + 5 * MINUTE], [m2!.id]: ['Table 2', T0 + 5 * MINUTE] });
    expect(broadcast.at(-1)).toEqual(running);

    time = T0 + 19 * MINUTE;
    const scored = await authority.run(id, 'reportScore', STAFF, { matchId: m1!.id, scoreA: 2, scoreB: 0 });
    const after = stationsOf(scored);
    // Table 1 is free: the next ready match in call order takes it, at the time of the score; Table 2 plays on.
    expect(after[m1!.id]).toBeNull();
    expect(after[m2!.id]).toEqual(['Table 2', T0 + 5 * MINUTE]);
    expect(after[m3!.id]).toEqual(['Table 1', T0 + 19 * MINUTE]);
    expect(after[m4!.id]).toBeNull();
    expect(Object.values(after).filter(Boolean)).toHaveLength(2);
    // What the room receives is what was stored.
    expect(broadcast.at(-1)).toEqual(scored);
    expect(stationsOf((await store.get('tournaments', id))!)).toEqual(after);

    // A reopened match frees nothing it does not hold: undo m1, which goes back to the queue behind the tables in use.
    time = T0 + 21 * MINUTE;
    const undone = await authority.run(id, 'undo', STAFF, { matchId: m1!.id });
    expect(stationsOf(undone)).toEqual(after);
  });

  it('keeps the stations and their times when the room is reloaded from the database (a restart)', async () => {
    const before = room();
    time = T0;
    const id = await tonight(before.authority);
    const running = await before.authority.run(id, 'start', STAFF, {});
    const [, m2, m3, m4] = firstRound(running);

    // Another process (or this one restarted): nothing in memory, the stored state read again, later.
    const { authority, broadcast } = room();
    time = T0 + 60 * MINUTE;
    const reloaded = (await authority.read(id))!;
    expect(stationsOf(reloaded)).toEqual(stationsOf(running));

    time = T0 + 70 * MINUTE;
    const scored = await authority.run(id, 'reportScore', STAFF, { matchId: m2!.id, scoreA: 0, scoreB: 2 });
    const after = stationsOf(scored);
    expect(after[m2!.id]).toBeNull();
    expect(after[m3!.id]).toEqual(['Table 2', T0 + 70 * MINUTE]);
    expect(after[m4!.id]).toBeNull();
    expect(Object.values(after).filter((s) => s?.[0] === 'Table 1')).toEqual([['Table 1', T0]]);
    expect(broadcast.at(-1)).toEqual(scored);
  });

  it('calls waiting matches to a station the host adds through the API, and sends the room the new state', async () => {
    const { authority, broadcast } = room();
    time = T0;
    const id = await tonight(authority);
    const running = await authority.run(id, 'start', STAFF, {});
    const [m1, m2, m3, m4] = firstRound(running);

    // The host adds a third table while the night runs (a REST write, then the authority is told).
    time = T0 + 3 * MINUTE;
    const stored = (await store.getStored('tournaments', id))!;
    await store.replace('tournaments', id, { ...stored, settings: { ...(stored['settings'] as object), stations: ['Table 1', 'Table 2', 'Table 3'] } });
    const seen = broadcast.length;
    authority.invalidate(id);
    await expect.poll(() => broadcast.length).toBe(seen + 1);
    const widened = stationsOf(broadcast.at(-1)!);
    expect([widened[m1!.id], widened[m2!.id], widened[m3!.id], widened[m4!.id]]).toEqual([['Table 1', T0], ['Table 2', T0], ['Table 3', T0 + 3 * MINUTE], null]);
    expect(stationsOf((await authority.read(id))!)).toEqual(widened);

    // Table 1 taken away: its match waits for the next free table, the others play on.
    time = T0 + 4 * MINUTE;
    await store.replace('tournaments', id, { ...(await store.getStored('tournaments', id))!, settings: { ...(stored['settings'] as object), stations: ['Table 2', 'Table 3'] } });
    authority.invalidate(id);
    await expect.poll(() => broadcast.length).toBe(seen + 2);
    const narrowed = stationsOf(broadcast.at(-1)!);
    expect([narrowed[m1!.id], narrowed[m2!.id], narrowed[m3!.id], narrowed[m4!.id]]).toEqual([null, ['Table 2', T0], ['Table 3', T0 + 3 * MINUTE], null]);

    // A write that leaves the stations as they are stores nothing more, and the room still gets the state.
    const rows = await db.query<{ version: string }>(`SELECT xmin::text AS version FROM tournaments WHERE id = $1`, [id]);
    authority.invalidate(id);
    await expect.poll(() => broadcast.length).toBe(seen + 3);
    expect(await db.query(`SELECT xmin::text AS version FROM tournaments WHERE id = $1`, [id])).toEqual(rows);
    expect(stationsOf(broadcast.at(-1)!)).toEqual(narrowed);
  });
});

describe('stations through the socket', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let url: string;
  let staffCookie: string;
  const sockets: Socket[] = [];
  const open = (cookie?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const act = async (socket: Socket, tournamentId: string, action: string, params: Record<string, unknown> = {}) => {
    const reply: Reply = await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action, tournamentId, params }));
    expect(reply, reply.msg).toMatchObject({ status: 'ok' });
    return reply.tournament;
  };

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    staffCookie = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('sends a spectator every match with its table, from the start to a renamed station', async () => {
    const settings = { stations: ['Table 1', 'Table 2'], matchMinutes: 12 };
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: staffCookie }, payload: { name: 'Coupe de baby-foot', game: 'Baby-foot', format: 'single_elimination', settings } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Tournament)._id;
    const staff = await open(staffCookie);
    for (const name of WALK_INS.slice(0, 4)) await act(staff, id, 'addParticipant', { name });

    const spectator = await open();
    await act(spectator, id, 'get');
    const updates: Tournament[] = [];
    spectator.on(SOCKET_EVENTS.tournamentUpdate, (tournament: Tournament) => updates.push(tournament));

    const running = await act(staff, id, 'start');
    const [semi1, semi2] = firstRound(running);
    const final = running.matches.find((m) => m.round === 2)!;
    await expect.poll(() => updates.length).toBe(1);
    expect(updates[0]!.matches.map((m) => m.station ?? null)).toEqual(running.matches.map((m) => (m.id === semi1!.id ? 'Table 1' : m.id === semi2!.id ? 'Table 2' : null)));
    expect(updates[0]!.matches.find((m) => m.id === semi1!.id)!.calledAt).toEqual(expect.any(Number));

    await act(staff, id, 'reportScore', { matchId: semi2!.id, scoreA: 3, scoreB: 1 });
    await act(staff, id, 'reportScore', { matchId: semi1!.id, scoreA: 0, scoreB: 3 });
    await expect.poll(() => updates.length).toBe(3);
    // Both tables free, the final ready: it goes to the first table.
    expect(updates[2]!.matches.filter((m) => m.station !== undefined).map((m) => [m.id, m.station])).toEqual([[final.id, 'Table 1']]);

    // The host renames the tables mid-night: the final moves to the first of the new names, the spectator told.
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}`, headers: { cookie: staffCookie }, payload: { settings: { ...updates[2]!.settings, stations: ['Borne A', 'Borne B'] } } });
    expect(patched.statusCode, patched.body).toBe(200);
    await expect.poll(() => updates.at(-1)!.matches.find((m) => m.id === final.id)!.station).toBe('Borne A');
    expect((await act(await open(), id, 'get')).matches.find((m) => m.id === final.id)!.station).toBe('Borne A');
  });
});
