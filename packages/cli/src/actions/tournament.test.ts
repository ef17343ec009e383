import { describe, expect, it, vi } from 'vitest';
import { TOURNAMENT_ACK_WAIT_MS } from '@sortie/core';
import { anId } from '@sortie/core/testing';
import { fakeCli } from '../../test/fake-cli';
import { act, reported, started, TOURNAMENT_ID } from '../../test/tournament-states';

const ID = TOURNAMENT_ID;
/** Léa and Hugo in a single elimination, Léa won 3-1. */
const tournament = reported(started('single_elimination', ['Léa', 'Hugo'], {}), ['W1-1', 3, 1]);
describe('sortie tournament emit', () => {
  it('sends {action, tournamentId, params} and prints the tournament sent back', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    expect(await cli.run('tournament', 'emit', ID, 'reportScore', '--params', '{"matchId":"m1","scoreA":3,"scoreB":1}')).toBe(0);
    expect(cli.fakes.socket.sent('tournament')).toEqual([{ action: 'reportScore', tournamentId: ID, params: { matchId: 'm1', scoreA: 3, scoreB: 1 } }]);
    expect(cli.stdout).toContain('Tournoi « Coupe de Poitiers »');
    expect(cli.stdout).toMatch(/Statut +: terminé/);
    expect(cli.stdout).toMatch(/Vainqueur +: Léa/);
    expect(cli.stdout).toContain('  Finale\n    W1-1  Léa 3 – 1 Hugo\n');
  });

  it('prints the tournament as JSON under --json', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith(JSON.stringify({ status: 'ok', tournament }));
    expect(await cli.run('--json', 'tournament', 'emit', ID, 'start')).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(tournament);
  });

  it('refuses an unknown action with the list of actions, exit 2, before anything is sent', async () => {
    const cli = fakeCli();
    expect(await cli.run('tournament', 'emit', ID, 'reportscore')).toBe(2);
    expect(cli.stderr).toContain('Action inconnue : « reportscore ». Actions possibles : get, join, leave, checkIn, walkInCheckIn, undoCheckIn, addParticipant, removeParticipant, seed, start, reportScore, confirmScore, undo, nextRound, disqualify');
    expect(cli.fakes.socket.emitted).toEqual([]);
  });

  it('refuses params the action’s own schema refuses, in French with an example, exit 2, before anything is sent', async () => {
    for (const [action, params, message] of [
      ['reportScore', '{"matchId":"W1-1","scoreA":3}', 'Paramètres refusés pour « Saisie d’un score » : Score invalide : matchId, scoreA et scoreB (entiers de 0 à 9999) sont attendus. Exemple : --params \'{"matchId":"W1-1","scoreA":3,"scoreB":1}\''],
      ['addParticipant', '{"name":"  "}', 'Paramètres refusés pour « Ajout d’un participant » : Le nom du participant est obligatoire (80 caractères au plus).'],
      ['seed', '{"order":"p1,p2"}', 'Paramètres refusés pour « Têtes de série » : Ordre invalide'],
    ] as const) {
      const cli = fakeCli();
      expect(await cli.run('tournament', 'emit', ID, action, '--params', params), action).toBe(2);
      expect(cli.stderr).toContain(message);
      expect(cli.fakes.socket.emitted).toEqual([]);
    }
  });

  it('builds the params from --match, --score, --name, --participant and --order', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    expect(await cli.run('tournament', 'emit', ID, 'reportScore', '--match', 'W1-1', '--score', '3-1')).toBe(0);
    expect(await cli.run('tournament', 'emit', ID, 'addParticipant', '--name', 'Noé')).toBe(0);
    expect(await cli.run('tournament', 'emit', ID, 'disqualify', '--participant', 'p2')).toBe(0);
    expect(await cli.run('tournament', 'emit', ID, 'seed', '--order', 'p2, p1')).toBe(0);
    expect(cli.fakes.socket.sent('tournament').map((request) => (request as { params: unknown }).params)).toEqual([
      { matchId: 'W1-1', scoreA: 3, scoreB: 1 },
      { name: 'Noé' },
      { participantId: 'p2' },
      { order: ['p2', 'p1'] },
    ]);
    const bad = fakeCli();
    expect(await bad.run('tournament', 'emit', ID, 'reportScore', '--match', 'W1-1', '--score', 'trois-un')).toBe(2);
    expect(bad.stderr).toContain('--score attend deux entiers séparés d’un tiret, par exemple --score 3-1 (reçu « trois-un »).');
    expect(bad.fakes.socket.emitted).toEqual([]);
  });

  it('exits 1 with the msg of a reply whose status is error', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'error', msg: 'Les inscriptions sont closes.' });
    expect(await cli.run('tournament', 'emit', ID, 'join', '--params', '{"name":"Léa"}')).toBe(1);
    expect(cli.stderr).toBe('Les inscriptions sont closes.\n');
    expect(cli.stdout).toBe('');
  });

  it('prints the server’s temporary refusal as is when its database is out of reach', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'error', msg: 'Service momentanément indisponible, réessayez dans un instant.', code: 'unavailable' });
    expect(await cli.run('tournament', 'emit', ID, 'join', '--params', '{"name":"Léa"}')).toBe(1);
    expect(cli.stderr).toBe('Service momentanément indisponible, réessayez dans un instant.\n');
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
    expect(cli.fakes.socket.emitted).toEqual([]);
    expect(cli.stderr).toContain('--params doit être un objet JSON');
  });

  it('refuses a missing action (exit 2)', async () => {
    const cli = fakeCli();
    expect(await cli.run('tournament', 'emit', ID)).toBe(2);
    expect(cli.stderr).toContain('argument obligatoire manquant « action »');
  });
});

describe('sortie tournament show', () => {
  it('draws a double elimination’s bracket with the get action', async () => {
    const cli = fakeCli();
    const t = reported(started('double_elimination', ['Léa', 'Noé', 'Hugo', 'Zoé']), ['W1-1', 2, 0]);
    cli.fakes.socket.replyWith({ status: 'ok', tournament: t });
    expect(await cli.run('tournament', 'show', ID)).toBe(0);
    expect(cli.fakes.socket.sent('tournament')).toEqual([{ action: 'get', tournamentId: ID, params: {} }]);
    expect(cli.stdout).toMatch(/Format +: double élimination/);
    // The notes line up in a column after the longest name of the section (« À déterminer »).
    const main = cli.stdout.slice(cli.stdout.indexOf('\nTableau principal\n') + 1, cli.stdout.indexOf('\n\nTableau des perdants')).split('\n');
    expect(main.slice(0, 3)).toEqual(['Tableau principal', '  Demi-finales', '    W1-1  Léa 2 – 0 Zoé']);
    expect(main[3]).toMatch(/^ {2}▶ W1-2 {2}Noé {3}– {3}Hugo +à jouer$/);
    expect(main.slice(4)).toEqual(['  Finale', '    W2-1  Léa   –   À déterminer']);
    expect(cli.stdout).toContain('\nTableau des perdants\n');
    expect(cli.stdout).toContain('\nGrande finale\n');
  });

  it('prints a Swiss tournament’s standings, fitted to the terminal’s width', async () => {
    const cli = fakeCli({ columns: 50 });
    let t = started('swiss', ['Léa', 'Noé', 'Hugo', 'Zoé-Alexandrine de Montmorency'], { swissRounds: 2 });
    t = reported(t, ['S1-1', 1, 0], ['S1-2', 1, 1]);
    cli.fakes.socket.replyWith({ status: 'ok', tournament: t });
    expect(await cli.run('tournament', 'show', ID)).toBe(0);
    expect(cli.stdout).toMatch(/Format +: système suisse/);
    const table = cli.stdout.split('\n\n')[1]!.split('\n');
    expect(table.slice(0, 2)).toEqual(['Classement', 'RANG  JOUEUR    J  V  N  D  PTS  BUCHHOLZ   SB']);
    expect(table).toContain('   1  Léa       1  1  0  0    3         0    0');
    expect(cli.stdout).toContain('Ronde terminée : l’équipe apparie la suivante (« Ronde suivante »).');
    expect(cli.stdout).not.toMatch(/\baction\b|nextRound/);
    expect(table).toContain('   3  Zoé-Ale…  1  0  1  0    1         1  0,5');
    expect(Math.max(...table.map((line) => line.length))).toBeLessThanOrEqual(50);
  });

  it('leaves bold out when NO_COLOR is set or stdout is not a terminal', async () => {
    for (const cli of [fakeCli({ stdoutIsTTY: true, env: { NO_COLOR: '1' } }), fakeCli()]) {
      cli.fakes.socket.replyWith({ status: 'ok', tournament: started('single_elimination', ['Léa', 'Hugo']) });
      expect(await cli.run('tournament', 'show', ID)).toBe(0);
      expect(cli.stdout).toContain('\n  ▶ W1-1  Léa – Hugo  à jouer\n');
      expect(cli.stdout).not.toContain('\x1b');
    }
  });

  it('prints the tournament’s JSON under --json', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament });
    expect(await cli.run('--json', 'tournament', 'show', ID)).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(tournament);
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

  it('appends a drawing per update when stdout is not a terminal', async () => {
    const cli = fakeCli();
    const before = started('single_elimination', ['Léa', 'Hugo']);
    cli.fakes.socket.replyWith({ status: 'ok', tournament: before });
    const running = cli.run('tournament', 'watch', ID);
    await vi.waitFor(() => expect(cli.interruptHandlers).toBe(1));
    cli.fakes.socket.serverEmit('tournament:update', { tournamentId: ID, tournament });
    cli.interrupt();
    expect(await running).toBe(0);
    expect(cli.stdout).not.toContain('\x1b');
    expect(cli.stdout).toMatch(/^— état actuel, .* —\nTournoi « Coupe de Poitiers »/);
    expect(cli.stdout).toMatch(/\n— mise à jour, .* —\nTournoi « Coupe de Poitiers »/);
    expect(cli.stdout.indexOf('▶ W1-1  Léa – Hugo  à jouer')).toBeLessThan(cli.stdout.indexOf('W1-1  Léa 3 – 1 Hugo'));
    expect(cli.stderr).toContain('Suivi en cours : Ctrl-C pour arrêter.');
  });

  it('redraws over the screen at each update when stdout is a terminal', async () => {
    const cli = fakeCli({ stdoutIsTTY: true });
    cli.fakes.socket.replyWith({ status: 'ok', tournament: started('single_elimination', ['Léa', 'Hugo']) });
    const running = cli.run('tournament', 'watch', ID);
    await vi.waitFor(() => expect(cli.interruptHandlers).toBe(1));
    cli.fakes.socket.serverEmit('tournament:update', { tournamentId: ID, tournament: act(tournament, 'undo', { matchId: 'W1-1' }) });
    cli.fakes.socket.serverEmit('tournament:update', { tournamentId: ID, tournament });
    cli.interrupt();
    expect(await running).toBe(0);
    const screens = cli.stdout.split('\x1b[H\x1b[2J\x1b[3J');
    expect(screens).toHaveLength(4);
    expect(screens[0]).toBe('');
    expect(screens[1]).toMatch(/^— état actuel, .* — Ctrl-C pour arrêter\.\nTournoi/);
    expect(screens[2]).toMatch(/^— mise à jour, .* — Ctrl-C pour arrêter\.\n/);
    // In a terminal the match to play is also in bold.
    expect(screens[2]).toContain('\x1b[1m  ▶ W1-1  Léa – Hugo  à jouer\x1b[22m');
    expect(screens[3]).toContain('W1-1  Léa 3 – 1 Hugo');
    expect(screens[3]).toMatch(/Vainqueur +: Léa/);
  });

  it('prints the current state, then each update of this tournament, until Ctrl-C (exit 0)', async () => {
    const cli = fakeCli();
    cli.fakes.socket.replyWith({ status: 'ok', tournament: started('single_elimination', ['Léa', 'Hugo']) });
    let code: number | undefined;
    const running = cli.run('--json', 'tournament', 'watch', ID).then((c) => (code = c));
    await vi.waitFor(() => expect(cli.interruptHandlers).toBe(1));
    cli.fakes.socket.serverEmit('tournament:update', { tournamentId: ID, tournament });
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
