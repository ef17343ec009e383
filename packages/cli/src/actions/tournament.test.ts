import { describe, expect, it, vi } from 'vitest';
import { TOURNAMENT_ACK_WAIT_MS } from '@sortie/core';
import { anId } from '@sortie/core/testing';
import { fakeCli } from '../../test/fake-cli';

const ID = anId(11);
const tournament = {
  _id: ID,
  createdAt: '2026-01-15T20:00:00.000Z',
  updatedAt: '2026-01-15T20:00:00.000Z',
  name: 'Coupe de Poitiers',
  game: 'Mario Kart',
  format: 'single_elimination',
  status: 'running',
  participants: [
    { id: 'p1', name: 'Léa', seed: 1 },
    { id: 'p2', name: 'Hugo', seed: 2 },
  ],
  matches: [{ id: 'm1', round: 1, a: 'p1', b: 'p2', scoreA: 3, scoreB: 1, winner: 'p1', status: 'done' }],
};

describe('sortie tournament emit', () => {
  it('sends {action, tournamentId, params} and prints the tournament sent back', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    expect(await cli.run('tournament', 'emit', ID, 'reportScore', '--params', '{"matchId":"m1","scoreA":3,"scoreB":1}')).toBe(0);
    expect(cli.fakes.socket.sent('tournament')).toEqual([{ action: 'reportScore', tournamentId: ID, params: { matchId: 'm1', scoreA: 3, scoreB: 1 } }]);
    expect(cli.stdout).toContain('Tournoi « Coupe de Poitiers »');
    expect(cli.stdout).toMatch(/Statut +: en cours/);
    expect(cli.stdout).toContain('tour 1 · Léa contre Hugo 3-1 → Léa');
  });

  it('prints the tournament as JSON under --json', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith(JSON.stringify({ status: 'ok', tournament }));
    expect(await cli.run('--json', 'tournament', 'emit', ID, 'start')).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(tournament);
  });

  it('exits 1 with the msg of a reply whose status is error', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'error', msg: 'Les inscriptions sont closes.' });
    expect(await cli.run('tournament', 'emit', ID, 'join', '--params', '{"name":"Léa"}')).toBe(1);
    expect(cli.stderr).toBe('Les inscriptions sont closes.\n');
    expect(cli.stdout).toBe('');
  });

  it('exits 1 when no acknowledgement comes within 2 s, and not before', async () => {
    const cli = fakeCli();
    cli.fakes.socket.neverReply();
    let code: number | undefined;
    const running = cli.run('tournament', 'emit', ID, 'start').then((c) => (code = c));
    await vi.waitFor(() => expect(cli.fakes.clock.pendingTimers).toBe(1));
    cli.fakes.clock.advance(TOURNAMENT_ACK_WAIT_MS - 1);
    await Promise.resolve();
    expect(code).toBeUndefined();
    cli.fakes.clock.advance(1);
    await running;
    expect(code).toBe(1);
    expect(cli.stderr).toContain('n’a pas répondu à temps');
  });

  it('says the realtime server is unreachable when the socket could not connect and no acknowledgement came', async () => {
    const cli = fakeCli();
    cli.fakes.socket.neverReply();
    const running = cli.run('tournament', 'get', ID);
    await vi.waitFor(() => expect(cli.fakes.clock.pendingTimers).toBe(1));
    cli.fakes.socket.failToConnect(new Error('xhr poll error'));
    cli.fakes.clock.advance(TOURNAMENT_ACK_WAIT_MS);
    expect(await running).toBe(1);
    expect(cli.stderr).toContain('Impossible de joindre le serveur temps réel sur http://api.test (xhr poll error).');
  });

  it('refuses bad JSON in --params with a French message and exit 2, before any emit', async () => {
    const cli = fakeCli();
    expect(await cli.run('tournament', 'emit', ID, 'join', '--params', '{name: Léa}')).toBe(2);
    expect(cli.stderr).toContain('--params n’est pas du JSON valide');
    expect(cli.fakes.socket.emitted).toEqual([]);
  });

  it('refuses --params that is JSON but not an object (exit 2)', async () => {
    const cli = fakeCli();
    expect(await cli.run('tournament', 'emit', ID, 'join', '--params', '[1,2]')).toBe(2);
    expect(cli.stderr).toContain('--params doit être un objet JSON');
  });

  it('refuses a missing action (exit 2)', async () => {
    const cli = fakeCli();
    expect(await cli.run('tournament', 'emit', ID)).toBe(2);
    expect(cli.stderr).toContain('argument obligatoire manquant « action »');
  });
});

describe('sortie tournament get / watch', () => {
  it('gets a tournament with the get action', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    expect(await cli.run('tournament', 'get', ID)).toBe(0);
    expect(cli.fakes.socket.sent('tournament')).toEqual([{ action: 'get', tournamentId: ID, params: {} }]);
    expect(cli.stdout).toMatch(/Participants +: 2 : Léa, Hugo/);
  });

  it('prints the current state, then each update of this tournament, until Ctrl-C (exit 0)', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    let code: number | undefined;
    const running = cli.run('--json', 'tournament', 'watch', ID).then((c) => (code = c));
    await vi.waitFor(() => expect(cli.interruptHandlers).toBe(1));
    cli.fakes.socket.serverEmit('tournament:update', { tournamentId: ID, tournament: { ...tournament, status: 'finished' } });
    cli.fakes.socket.serverEmit('tournament:update', { tournamentId: anId(12), tournament: { ...tournament, _id: anId(12) } });
    expect(code).toBeUndefined();
    cli.interrupt();
    await running;
    expect(code).toBe(0);
    const lines = cli.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((t) => t.status)).toEqual(['running', 'finished']);
    expect(cli.fakes.socket.listenerCount('tournament:update')).toBe(0);
  });

  it('joins the tournament again after the socket reconnects, and prints its state', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    const running = cli.run('--json', 'tournament', 'watch', ID);
    await vi.waitFor(() => expect(cli.interruptHandlers).toBe(1));
    cli.fakes.socket.replyWith({ status: 'ok', tournament: { ...tournament, status: 'finished' } });
    cli.fakes.socket.serverEmit('connect');
    await vi.waitFor(() => expect(cli.stdout.trim().split('\n')).toHaveLength(2));
    cli.interrupt();
    expect(await running).toBe(0);
    expect(cli.fakes.socket.sent('tournament')).toEqual([
      { action: 'get', tournamentId: ID, params: {} },
      { action: 'get', tournamentId: ID, params: {} },
    ]);
    expect(JSON.parse(cli.stdout.trim().split('\n')[1]!).status).toBe('finished');
    expect(cli.fakes.socket.listenerCount('connect')).toBe(0);
  });
});
