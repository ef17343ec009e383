import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { DEMO_CHAMPIONSHIP, DEMO_TOURNAMENT_IDS } from '../demo/tournaments';

type Match = { id: string; a: string | null; b: string | null; status: string; round: number; bracket: string; scoreA: number | null; scoreB: number | null; winner: string | null; confirmed: boolean; reportedBy?: string };
type Tournament = { _id: string; name: string; status: string; participants: Array<{ id: string; name: string; userId?: string; dropped: boolean }>; matches: Match[]; winnerId: string | null; updatedAt: string };
type Reply = { status: string; msg?: string; tournament: Tournament };

describe('socket.io on the same server', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let url: string;
  let staffCookie: string;
  let staff: Socket;
  const sockets: Socket[] = [];
  const open = (options: { cookie?: string; origin?: string } = {}) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin } : {}) },
      });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const ask = (socket: Socket, request: unknown): Promise<Reply> => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, typeof request === 'string' ? request : JSON.stringify(request));
  const act = (socket: Socket, tournamentId: string, action: string, params: Record<string, unknown> = {}) => ask(socket, { action, tournamentId, params });
  const ok = async (reply: Promise<Reply>) => {
    const answer = await reply;
    expect(answer, answer.msg).toMatchObject({ status: 'ok' });
    return answer.tournament;
  };

  /** A tournament created by staff through the API, with walk-ins added by the staff action. */
  async function tournament(body: Record<string, unknown>, names: string[] = []): Promise<Tournament> {
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: staffCookie }, payload: { name: 'Soirée pétanque', game: 'Pétanque', ...body } });
    expect(created.statusCode, created.body).toBe(201);
    let current = created.json() as Tournament;
    for (const name of names) current = await ok(act(staff, current._id, 'addParticipant', { name }));
    return current;
  }

  /** A visitor account of its own (signed up, then signed in). */
  async function player(email: string): Promise<{ socket: Socket; id: string }> {
    const signedUp = await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email, password: 'mot-de-passe-1', displayName: email.split('@')[0] } });
    expect(signedUp.statusCode).toBe(201);
    const cookie = await signIn(t.app, email, 'mot-de-passe-1');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    return { socket: await open({ cookie }), id: (me.json() as { _id: string })._id };
  }

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    staffCookie = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    staff = await open({ cookie: staffCookie });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('acknowledges get with {status: ok, tournament} and errors with a French msg', async () => {
    const socket = await open();
    const reply = await ask(socket, { action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
    expect(reply.status).toBe('ok');
    expect(reply.tournament).toMatchObject({ _id: DEMO_IDS.tournament, name: 'Tournoi Mario Kart' });
    expect(await ask(socket, 'pas du json')).toEqual({ status: 'error', msg: 'Requête invalide : JSON mal formé.' });
    expect(await ask(socket, { action: 'get', tournamentId: 'abc', params: {} })).toMatchObject({ status: 'error' });
    expect(await ask(socket, { action: 'danser', tournamentId: DEMO_IDS.tournament, params: {} })).toEqual({ status: 'error', msg: 'Action inconnue : danser.' });
    expect(await ask(socket, { action: 'get', tournamentId: '0123456789abcdef01234567', params: {} })).toEqual({ status: 'error', msg: 'Tournoi introuvable.' });
    expect(await ask(socket, { action: 'start', tournamentId: '0123456789abcdef01234567', params: {} })).toEqual({ status: 'error', msg: 'Tournoi introuvable.' });
    expect(await ask(socket, { action: 'start', tournamentId: DEMO_IDS.tournament, params: {} })).toEqual({ status: 'error', msg: 'Réservé à l’équipe.' });
  });

  it('serves the demo: a running Swiss whose visitor’s score waits for the opponent', async () => {
    const swiss = await ok(act(await open(), DEMO_TOURNAMENT_IDS.dartsSwiss, 'get'));
    expect(swiss).toMatchObject({ status: 'running', participants: expect.arrayContaining([expect.objectContaining({ userId: DEMO_IDS.users.visitor })]) });
    expect(swiss.participants).toHaveLength(12);
    expect(swiss.matches.filter((m) => m.round === 2 && m.scoreA !== null && !m.confirmed)).toHaveLength(1);
    const finished = await ok(act(await open(), DEMO_TOURNAMENT_IDS.kartDouble, 'get'));
    expect(finished).toMatchObject({ status: 'finished', winnerId: expect.any(String) });
  });

  it('broadcasts join, start and reportScore to the tournament’s room, a second client included', async () => {
    const spectator = await open();
    await ask(spectator, { action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
    const updates: Tournament[] = [];
    spectator.on(SOCKET_EVENTS.tournamentUpdate, (tournament) => updates.push(tournament));
    const elsewhere = await open();
    const unrelated: unknown[] = [];
    elsewhere.on(SOCKET_EVENTS.tournamentUpdate, (tournament) => unrelated.push(tournament));

    const visitor = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.visitor.email) });
    const joined = await ask(visitor, { action: 'join', tournamentId: DEMO_IDS.tournament, params: { name: 'Valentine' } });
    expect(joined.status).toBe('ok');
    expect(joined.tournament.participants).toContainEqual(expect.objectContaining({ name: 'Valentine', userId: DEMO_IDS.users.visitor }));

    const started = await ask(staff, { action: 'start', tournamentId: DEMO_IDS.tournament, params: {} });
    expect(started.tournament.status).toBe('running');
    const ready = started.tournament.matches.find((m) => m.status === 'ready' && m.a && m.b && m.round === 1)!;
    const scored = await ask(staff, { action: 'reportScore', tournamentId: DEMO_IDS.tournament, params: { matchId: ready.id, scoreA: 3, scoreB: 1 } });
    expect(scored.tournament.matches.find((m) => m.id === ready.id)).toMatchObject({ scoreA: 3, scoreB: 1, winner: ready.a, status: 'done' });

    await expect.poll(() => updates.length).toBe(3);
    expect(updates.map((u) => u.status)).toEqual(['registration', 'running', 'running']);
    expect(updates[2]).toEqual(scored.tournament);
    // Nobody who did not ask for the tournament receives it.
    expect(unrelated).toEqual([]);
    // The next get (from memory) is the stored state.
    expect((await ok(act(elsewhere, DEMO_IDS.tournament, 'get'))).matches.find((m) => m.id === ready.id)).toMatchObject({ status: 'done', winner: ready.a });
  });

  it('refuses in French: not staff, registration closed, match not ready, a draw in elimination, an unknown match', async () => {
    const cup = await tournament({ format: 'single_elimination' }, ['Anna', 'Bruno', 'Chloé', 'David']);
    const visitor = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.visitor.email) });
    expect(await act(visitor, cup._id, 'addParticipant', { name: 'Intrus' })).toEqual({ status: 'error', msg: 'Réservé à l’équipe.' });
    expect(await act(await open(), cup._id, 'join')).toEqual({ status: 'error', msg: 'Connectez-vous pour vous inscrire.' });

    const running = await ok(act(staff, cup._id, 'start'));
    expect(await act(visitor, cup._id, 'join')).toEqual({ status: 'error', msg: 'Les inscriptions sont closes.' });
    expect(await act(staff, cup._id, 'addParticipant', { name: 'Retardataire' })).toEqual({ status: 'error', msg: 'Les inscriptions sont closes.' });
    const final = running.matches.find((m) => m.status === 'pending')!;
    expect(await act(staff, cup._id, 'reportScore', { matchId: final.id, scoreA: 2, scoreB: 0 })).toEqual({ status: 'error', msg: 'Ce match attend encore ses joueurs.' });
    const semi = running.matches.find((m) => m.status === 'ready')!;
    expect(await act(staff, cup._id, 'reportScore', { matchId: semi.id, scoreA: 1, scoreB: 1 })).toEqual({ status: 'error', msg: 'Pas d’égalité dans un tableau à élimination : il faut un vainqueur.' });
    expect(await act(staff, cup._id, 'reportScore', { matchId: 'm-inconnu', scoreA: 1, scoreB: 0 })).toEqual({ status: 'error', msg: 'Match introuvable.' });
    expect(await act(staff, cup._id, 'reportScore', { matchId: semi.id, scoreA: -1 })).toMatchObject({ status: 'error', msg: expect.stringMatching(/^Score invalide/) });
    expect(await act(visitor, cup._id, 'reportScore', { matchId: semi.id, scoreA: 2, scoreB: 0 })).toEqual({ status: 'error', msg: 'Seuls les joueurs du tournoi et l’équipe saisissent les scores.' });
    // Nothing refused was stored.
    expect((await ok(act(await open(), cup._id, 'get'))).matches.every((m) => m.scoreA === null)).toBe(true);
  });

  it('counts a player’s score once the opponent confirms it', async () => {
    const [ana, ben] = [await player('ana@exemple.fr'), await player('ben@exemple.fr')];
    const duel = await tournament({ format: 'single_elimination', name: 'Duel de fléchettes' });
    await ok(act(ana.socket, duel._id, 'join', { name: 'Ana' }));
    await ok(act(ben.socket, duel._id, 'join', { name: 'Ben' }));
    const [match] = (await ok(act(staff, duel._id, 'start'))).matches;
    const anaIsA = (await ok(act(ana.socket, duel._id, 'get'))).participants.find((p) => p.userId === ana.id)!.id === match!.a;
    const score = anaIsA ? { scoreA: 2, scoreB: 1 } : { scoreA: 1, scoreB: 2 };

    const reported = await ok(act(ana.socket, duel._id, 'reportScore', { matchId: match!.id, ...score }));
    expect(reported.matches[0]).toMatchObject({ ...score, status: 'ready', confirmed: false, winner: null });
    expect(reported.status).toBe('running');
    expect(await act(ana.socket, duel._id, 'confirmScore', { matchId: match!.id })).toEqual({ status: 'error', msg: 'C’est à votre adversaire de confirmer le score que vous avez saisi.' });

    const confirmed = await ok(act(ben.socket, duel._id, 'confirmScore', { matchId: match!.id }));
    expect(confirmed.matches[0]).toMatchObject({ ...score, status: 'done', confirmed: true });
    expect(confirmed).toMatchObject({ status: 'finished', winnerId: anaIsA ? match!.a : match!.b });
  });

  it('undoes a match whose next one has not started, and disqualifies a player (their matches become forfeits)', async () => {
    const cup = await tournament({ format: 'single_elimination', name: 'Coupe de baby-foot' }, ['Anna', 'Bruno', 'Chloé', 'David']);
    const running = await ok(act(staff, cup._id, 'start'));
    const [first, second] = running.matches.filter((m) => m.status === 'ready');
    const played = await ok(act(staff, cup._id, 'reportScore', { matchId: first!.id, scoreA: 3, scoreB: 0 }));
    expect(played.matches.find((m) => m.id === first!.id)).toMatchObject({ status: 'done', winner: first!.a });

    const undone = await ok(act(staff, cup._id, 'undo', { matchId: first!.id }));
    expect(undone.matches.find((m) => m.id === first!.id)).toMatchObject({ status: 'ready', scoreA: null, scoreB: null, winner: null });
    expect(undone.matches.find((m) => m.bracket === 'winners' && m.round === 2)).toMatchObject({ a: null, b: null, status: 'pending' });

    const out = second!.b!;
    const disqualified = await ok(act(staff, cup._id, 'disqualify', { participantId: out }));
    expect(disqualified.participants.find((p) => p.id === out)).toMatchObject({ dropped: true });
    expect(disqualified.matches.find((m) => m.id === second!.id)).toMatchObject({ status: 'done', winner: second!.a, forfeit: true });
    expect(await act(staff, cup._id, 'disqualify', { participantId: out })).toMatchObject({ status: 'error' });
    expect(await act(await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.visitor.email) }), cup._id, 'undo', { matchId: first!.id })).toEqual({ status: 'error', msg: 'Réservé à l’équipe.' });
  });

  it('runs concurrent actions on one tournament one after the other: none is lost', async () => {
    const open16 = await tournament({ format: 'round_robin', name: 'Grand tournoi de belote' });
    const names = Array.from({ length: 12 }, (_, i) => `Joueur ${i + 1}`);
    const replies = await Promise.all(names.map((name) => act(staff, open16._id, 'addParticipant', { name })));
    expect(replies.every((r) => r.status === 'ok')).toBe(true);
    const stored = await ok(act(await open(), open16._id, 'get'));
    expect(stored.participants.map((p) => p.name).sort()).toEqual([...names].sort());
    expect(new Set(stored.participants.map((p) => p.id)).size).toBe(12);
  });

  it('never overwrites a write it did not make: an action after a change made behind its back keeps that change', async () => {
    const cup = await tournament({ name: 'Tournoi de molkky' }, ['Anna']);
    expect((await ok(act(await open(), cup._id, 'get'))).participants).toHaveLength(1);
    // Another writer (another process, a script) adds a player straight in the database.
    await t.db.query(`UPDATE tournaments SET data = jsonb_set(data, '{participants}', data->'participants' || $2::jsonb), updated_at = now() WHERE id = $1`, [
      cup._id,
      JSON.stringify([{ id: 'p9', name: 'Passé par ailleurs', seed: 9, checkedIn: false, dropped: false }]),
    ]);
    const added = await ok(act(staff, cup._id, 'addParticipant', { name: 'Bruno' }));
    expect(added.participants.map((p) => p.name)).toEqual(['Anna', 'Passé par ailleurs', 'Bruno']);
    expect((await ok(act(await open(), cup._id, 'get'))).participants.map((p) => p.name)).toEqual(['Anna', 'Passé par ailleurs', 'Bruno']);
  });

  it('writes staff’s actions to the audit log with the write itself, and neither a visitor’s nor a refused one', async () => {
    const cup = await tournament({ name: 'Tournoi de palet' }, ['Anna']);
    await ok(act(await open(), cup._id, 'get'));
    await ok(act(staff, cup._id, 'addParticipant', { name: 'Bruno' }));
    const visitor = await player('palet@exemple.fr');
    await ok(act(visitor.socket, cup._id, 'join', { name: 'Chloé' }));
    expect((await act(staff, cup._id, 'removeParticipant', { participantId: 'personne' })).status).toBe('error');
    // Written behind the copy's back: the next action takes the locked way, and logs there.
    await t.db.query('UPDATE tournaments SET updated_at = now() WHERE id = $1', [cup._id]);
    await ok(act(staff, cup._id, 'addParticipant', { name: 'Dina' }));

    const rows = await t.db.query<{ action: string; actor_label: string; after: Record<string, unknown> }>(
      "SELECT action, actor_label, after FROM audit_log WHERE target_id = $1 AND action <> 'tournaments.create' ORDER BY id",
      [cup._id],
    );
    expect(rows.map((row) => [row.action, row.actor_label, row.after['name']])).toEqual([
      ['tournaments.addParticipant', DEMO_ACCOUNTS.staff.email, 'Anna'],
      ['tournaments.addParticipant', DEMO_ACCOUNTS.staff.email, 'Bruno'],
      ['tournaments.addParticipant', DEMO_ACCOUNTS.staff.email, 'Dina'],
    ]);
    expect(rows[0]!.after).toEqual({ name: 'Anna', status: 'registration' });
  });

  it('keeps the bracket to the actions: a REST body cannot set matches, status or winner', async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/api/tournaments', headers: { cookie: staffCookie },
      payload: { name: 'Tournoi truqué', game: 'Échecs', status: 'finished', winnerId: 'p1', matches: [{ id: 'x', stage: 1, bracket: 'winners', round: 1, a: 'p1', b: null, scoreA: 1, scoreB: 0, winner: 'p1', status: 'done' }] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Tournoi truqué', status: 'registration', matches: [], winnerId: null });
    const id = (created.json() as Tournament)._id;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}`, headers: { cookie: staffCookie }, payload: { name: 'Tournoi d’échecs', status: 'running', winnerId: 'p1' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Tournoi d’échecs', status: 'registration', winnerId: null });
    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: visitor }, payload: { name: 'Le mien', game: 'Dames' } })).statusCode).toBe(403);
  });

  it('answers the next get with a change made through the API, and sends it to the room', async () => {
    const cup = await tournament({ name: 'Tournoi de pétanque' }, ['Anna', 'Bruno']);
    const spectator = await open();
    expect((await ok(act(spectator, cup._id, 'get'))).name).toBe('Tournoi de pétanque');
    const updates: Tournament[] = [];
    spectator.on(SOCKET_EVENTS.tournamentUpdate, (tournament) => updates.push(tournament));

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${cup._id}`, headers: { cookie: staffCookie }, payload: { name: 'Tournoi de pétanque du dimanche' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Tournoi de pétanque du dimanche', participants: [expect.objectContaining({ name: 'Anna' }), expect.objectContaining({ name: 'Bruno' })] });
    expect((await ok(act(await open(), cup._id, 'get'))).name).toBe('Tournoi de pétanque du dimanche');
    await expect.poll(() => updates.at(-1)?.name).toBe('Tournoi de pétanque du dimanche');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${cup._id}`, headers: { cookie: staffCookie } })).statusCode).toBe(204);
    expect(await act(spectator, cup._id, 'get')).toEqual({ status: 'error', msg: 'Tournoi introuvable.' });
  });

  it('computes a championship’s table from its tournaments: at creation, when one finishes, and when the points change', async () => {
    const demo = await t.app.inject({ method: 'GET', url: `/api/championships/${DEMO_CHAMPIONSHIP}` });
    expect(demo.json()).toMatchObject({ name: 'Championnat Mario Kart', tournamentIds: expect.arrayContaining([DEMO_IDS.tournament]) });
    // Peach wins the first leg and is fourth of the second: 10 + 3 points with [10, 6, 4, 3, 2, 1].
    expect(demo.json().standings[0]).toEqual({ participant: 'Peach', points: 13, tournaments: 2 });

    const duel = await tournament({ name: 'Duel de pétanque' }, ['Anna', 'Bruno']);
    const created = await t.app.inject({ method: 'POST', url: '/api/championships', headers: { cookie: staffCookie }, payload: { eventId: DEMO_IDS.firstEvent, name: 'Championnat de pétanque', tournamentIds: [duel._id, DEMO_TOURNAMENT_IDS.kartSingle], scoring: [5, 3], standings: [{ participant: 'Tricheur', points: 99, tournaments: 1 }] } });
    expect(created.statusCode).toBe(201);
    const table = created.json().standings as Array<{ participant: string; points: number }>;
    expect(table.find((row) => row.participant === 'Tricheur')).toBeUndefined();
    expect(table.slice(0, 2).map((row) => row.points)).toEqual([5, 3]);
    const id = created.json()._id as string;

    const [match] = (await ok(act(staff, duel._id, 'start'))).matches;
    await ok(act(staff, duel._id, 'reportScore', { matchId: match!.id, scoreA: 13, scoreB: 7 }));
    const winner = (await ok(act(staff, duel._id, 'get'))).participants.find((p) => p.id === match!.a)!.name;
    const after = await t.app.inject({ method: 'GET', url: `/api/championships/${id}` });
    expect(after.json().standings).toContainEqual({ participant: winner, points: 5, tournaments: 1 });

    expect((await t.app.inject({ method: 'PATCH', url: `/api/championships/${id}`, headers: { cookie: staffCookie }, payload: { scoring: [20, 10] } })).statusCode).toBe(200);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: `/api/championships?eventId=${DEMO_IDS.firstEvent}` })).json().items.find((c: { _id: string }) => c._id === id)?.standings.find((row: { participant: string }) => row.participant === winner)?.points).toBe(20);
  });

  it('pushes {data: {id}} to the user’s sockets when a notification is created for them', async () => {
    const visitor = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.visitor.email) });
    const other = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.admin.email) });
    const received: unknown[] = [];
    const leaked: unknown[] = [];
    visitor.on(SOCKET_EVENTS.push, (message) => received.push(message));
    other.on(SOCKET_EVENTS.push, (message) => leaked.push(message));
    // The room is joined once the handshake's session is read; a round trip makes sure of it.
    await ask(visitor, { action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
    const created = await t.app.inject({ method: 'POST', url: '/api/notifications', payload: { userId: DEMO_IDS.users.visitor, title: 'Nouveau concert', body: 'Ce soir au Confort Moderne' }, headers: { cookie: staffCookie } });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ data: { id: created.json()._id } });
    expect(leaked).toEqual([]);
  });

  it('drops a socket that sends more than 100 KB in one message', async () => {
    const socket = await open();
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    socket.emit(SOCKET_EVENTS.tournament, 'x'.repeat(150_000));
    expect(await closed).toBe('transport close');
  });

  it('refuses a handshake from another origin', async () => {
    await expect(open({ origin: 'https://pirate.example' })).rejects.toThrow();
  });
});
