import { describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, SOCKET_UNAVAILABLE_MESSAGE, TOURNAMENT_ACK_WAIT_MS } from '../domain/constants';
import { TournamentError, ValidationError } from '../domain/errors';
import { anId, aTournament, createTestContainer } from '../testing';
import { TournamentActions } from './tournament-actions.use-case';

const TOURNAMENT_ID = anId(55);
const tournament = aTournament({ _id: TOURNAMENT_ID, status: 'running' });

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const { container, fakes } = createTestContainer();
  return { actions: container.get(TournamentActions), ...fakes };
}

describe('TournamentActions', () => {
  it('emits a JSON string of action, tournamentId and params on the tournament event, awaiting the acknowledgement', async () => {
    const { actions, socket } = setup();
    socket.replyWith({ status: 'ok', tournament });

    await expect(actions.execute('reportScore', TOURNAMENT_ID, { matchId: 'm1', scoreA: 10, scoreB: 7 })).resolves.toEqual(tournament);

    expect(socket.emitted).toHaveLength(1);
    expect(socket.emitted[0]).toEqual({
      event: SOCKET_EVENTS.tournament,
      ack: true,
      payload: JSON.stringify({ action: 'reportScore', tournamentId: TOURNAMENT_ID, params: { matchId: 'm1', scoreA: 10, scoreB: 7 } }),
    });
    expect(typeof socket.emitted[0]?.payload).toBe('string');
  });

  it('reads a reply sent as a JSON string', async () => {
    const { actions, socket } = setup();
    socket.replyWith(JSON.stringify({ status: 'ok', tournament }));
    await expect(actions.execute('get', TOURNAMENT_ID)).resolves.toEqual(tournament);
    expect(socket.sent(SOCKET_EVENTS.tournament)).toEqual([{ action: 'get', tournamentId: TOURNAMENT_ID, params: {} }]);
  });

  it('rejects with the msg of a reply whose status is error', async () => {
    const { actions, socket } = setup();
    socket.replyWith({ status: 'error', msg: 'Les inscriptions sont closes.' });
    const error = await actions.execute('join', TOURNAMENT_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TournamentError);
    expect((error as Error).message).toBe('Les inscriptions sont closes.');
  });

  it('a refusal whose code says the server cannot serve now is a temporary error (503) with the server’s French message', async () => {
    const { actions, socket } = setup();
    socket.replyOnceWith({ status: 'error', msg: SOCKET_UNAVAILABLE_MESSAGE, code: 'unavailable' });
    const error = await actions.execute('join', TOURNAMENT_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TournamentError);
    expect(error).toMatchObject({ message: 'Service momentanément indisponible, réessayez dans un instant.', code: 'TOURNAMENT_UNAVAILABLE', statusCode: 503 });
    socket.replyOnceWith({ status: 'error', msg: 'Les inscriptions sont closes.' });
    await expect(actions.execute('join', TOURNAMENT_ID)).rejects.toMatchObject({ code: 'TOURNAMENT_ERROR', statusCode: 502 });
  });

  it('rejects with whatever msg the error reply carries, as text', async () => {
    const { actions, socket } = setup();
    socket.replyOnceWith({ status: 'error', msg: 404 });
    await expect(actions.execute('get', TOURNAMENT_ID)).rejects.toThrow('404');
    socket.replyOnceWith({ status: 'error' });
    await expect(actions.execute('get', TOURNAMENT_ID)).rejects.toThrow('error');
  });

  it('rejects as undefined tournament when the reply has none', async () => {
    const { actions, socket } = setup();
    for (const reply of [{ status: 'ok' }, JSON.stringify({ status: 'ok', tournament: null }), 'not json', null]) {
      socket.replyOnceWith(reply);
      const error = await actions.execute('get', TOURNAMENT_ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TournamentError);
      expect((error as Error).message).toBe('undefined tournament');
    }
  });

  it('resolves the tournament parsed by core’s schema, and refuses one it cannot read', async () => {
    const { actions, socket } = setup();
    const { format: _, participants: __, ...withoutDefaults } = tournament;
    socket.replyOnceWith({ status: 'ok', tournament: withoutDefaults });
    await expect(actions.execute('get', TOURNAMENT_ID)).resolves.toEqual({ ...withoutDefaults, format: 'single_elimination', participants: [] });

    socket.replyOnceWith({ status: 'ok', tournament: { ...tournament, status: 'paused' } });
    await expect(actions.execute('get', TOURNAMENT_ID)).rejects.toMatchObject({ code: 'TOURNAMENT_INVALID_REPLY' });
  });

  it('rejects a silence with the socket’s connection failure as its cause', async () => {
    const { actions, socket, clock } = setup();
    const refused = new Error('xhr poll error');
    socket.neverReply().failToConnect(refused);
    const outcome = actions.execute('get', TOURNAMENT_ID).catch((error: unknown) => error);
    clock.advance(2000);
    expect(await outcome).toMatchObject({ code: 'TOURNAMENT_TIMEOUT', cause: refused });
  });

  it('rejects when no acknowledgement comes within 2000 ms, not before', async () => {
    const { actions, socket, clock } = setup();
    socket.neverReply();
    let outcome: unknown = 'pending';
    actions.execute('get', TOURNAMENT_ID).catch((error: unknown) => (outcome = error));

    expect(TOURNAMENT_ACK_WAIT_MS).toBe(2000);
    clock.advance(1999);
    await settle();
    expect(outcome).toBe('pending');
    clock.advance(1);
    await settle();
    expect(outcome).toBeInstanceOf(TournamentError);
  });

  it('stops the 2000 ms wait once acknowledged', async () => {
    const { actions, socket, clock } = setup();
    socket.replyWith({ status: 'ok', tournament });
    await actions.execute('get', TOURNAMENT_ID);
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects with a TournamentError when the socket fails', async () => {
    const { actions, socket, clock } = setup();
    socket.failWith(new Error('socket closed'));
    const error = await actions.execute('get', TOURNAMENT_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TournamentError);
    expect((error as Error).message).toBe('socket closed');
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects with a TournamentError when the socket fails with a non-error value', async () => {
    const { actions, socket } = setup();
    socket.failWith('timeout');
    await expect(actions.execute('get', TOURNAMENT_ID)).rejects.toMatchObject({ message: 'timeout', code: 'TOURNAMENT_TRANSPORT' });
  });

  it('refuses an invalid tournament id without emitting', async () => {
    const { actions, socket } = setup();
    await expect(actions.execute('get', 'abc')).rejects.toBeInstanceOf(ValidationError);
    expect(socket.emitted).toEqual([]);
  });

  it('watch passes on the updates of that tournament only, until unsubscribed', () => {
    const { actions, socket } = setup();
    const seen: unknown[] = [];
    const stop = actions.watch(TOURNAMENT_ID, (t) => seen.push(t));

    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, { tournamentId: TOURNAMENT_ID, tournament });
    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, JSON.stringify({ ...tournament, status: 'finished' }));
    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, { tournamentId: anId(56), tournament: { _id: anId(56) } });
    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, 'not json');
    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, 42);
    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, { tournamentId: TOURNAMENT_ID, tournament: { _id: TOURNAMENT_ID, status: 'paused' } });
    stop();
    socket.serverEmit(SOCKET_EVENTS.tournamentUpdate, { tournamentId: TOURNAMENT_ID, tournament });

    expect(seen).toEqual([tournament, { ...tournament, status: 'finished' }]);
    expect(socket.listenerCount(SOCKET_EVENTS.tournamentUpdate)).toBe(0);
  });
});
