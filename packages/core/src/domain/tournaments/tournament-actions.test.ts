import { describe, expect, it } from 'vitest';
import { TournamentActionSchema } from '../schemas/games.schema';
import { buildMatches } from './bracket';
import { canRunTournamentAction, runTournamentAction, TOURNAMENT_ACTIONS, TournamentRefusal, type TournamentActor, type TournamentState } from './tournament-actions';

const players = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Joueur ${i + 1}`, seed: i + 1 }));
const fresh = (n: number, format: TournamentState['format'] = 'single_elimination'): TournamentState => ({ format, status: 'registration', participants: players(n), matches: [] });
const staff: TournamentActor = { id: 'staff', name: 'Équipe', staff: true };
const lea: TournamentActor = { id: 'lea', name: 'Léa', staff: false };

const start = (t: TournamentState) => runTournamentAction('start', t, staff, {});
const score = (t: TournamentState, matchId: string, scoreA: number, scoreB: number) => runTournamentAction('reportScore', t, staff, { matchId, scoreA, scoreB });

describe('tournament bracket', () => {
  it('seeds 1 against the last and lets byes through', () => {
    const matches = buildMatches('single_elimination', players(6));
    expect(matches.filter((m) => m.round === 1).map((m) => [m.a, m.b])).toEqual([['p1', null], ['p2', null], ['p3', 'p6'], ['p4', 'p5']]);
    expect(matches.find((m) => m.id === 'r2m1')).toMatchObject({ a: 'p1', b: 'p2', status: 'ready' });
    expect(matches).toHaveLength(7);
  });

  it('plays a tournament to its winner', () => {
    let t = start(fresh(4));
    t = score(t, 'r1m1', 3, 1);
    t = score(t, 'r1m2', 0, 2);
    expect(t.matches.find((m) => m.id === 'r2m1')).toMatchObject({ a: 'p1', b: 'p3', status: 'ready' });
    t = score(t, 'r2m1', 1, 2);
    expect(t.status).toBe('finished');
    expect(t.matches.find((m) => m.id === 'r2m1')!.winner).toBe('p3');
  });

  it('builds every pairing in a round-robin, where a draw is a result', () => {
    expect(buildMatches('round_robin', players(4))).toHaveLength(6);
    const t = score(start(fresh(2, 'round_robin')), 'm1', 2, 2);
    expect(t).toMatchObject({ status: 'finished', matches: [{ winner: null, status: 'done', scoreA: 2, scoreB: 2 }] });
  });

  it('refuses in French what the rules forbid', () => {
    expect(() => start(fresh(1))).toThrow(TournamentRefusal);
    expect(() => runTournamentAction('join', start(fresh(2)), lea, {})).toThrow('Les inscriptions sont closes.');
    expect(() => runTournamentAction('join', fresh(2), { ...lea, id: 'p1' }, { name: 'Encore' })).toThrow('Vous êtes déjà inscrit.');
    expect(() => score(start(fresh(2)), 'r1m1', 1, 1)).toThrow('égalité');
    expect(() => score(start(fresh(2)), 'zzz', 1, 0)).toThrow('Match introuvable.');
    expect(() => runTournamentAction('reportScore', start(fresh(2)), staff, { matchId: 'r1m1' })).toThrow('Score invalide : matchId, scoreA et scoreB sont attendus.');
    expect(() => runTournamentAction('leave', fresh(2), lea, {})).toThrow('Ce participant n’est pas inscrit.');
  });

  it('joins under the name given, or the actor’s own, with the next seed', () => {
    expect(runTournamentAction('join', fresh(2), lea, { name: ' Léa la Rapide ' }).participants.at(-1)).toEqual({ id: 'lea', name: 'Léa la Rapide', seed: 3 });
    expect(runTournamentAction('join', fresh(2), lea, { name: 42 }).participants.at(-1)).toEqual({ id: 'lea', name: 'Léa', seed: 3 });
  });

  it('lets staff unregister someone else, and anyone else only themself', () => {
    expect(runTournamentAction('leave', fresh(3), staff, { participantId: 'p2' }).participants.map((p) => p.id)).toEqual(['p1', 'p3']);
    expect(() => runTournamentAction('leave', fresh(3), lea, { participantId: 'p2' })).toThrow('Ce participant n’est pas inscrit.');
  });

  it('answers "can I press Start?" with the same predicate the server runs', () => {
    expect(canRunTournamentAction('start', fresh(2), staff)).toBe(true);
    expect(canRunTournamentAction('start', fresh(2), lea)).toBe(false);
    expect(canRunTournamentAction('start', fresh(1), staff)).toBe(false);
    expect(canRunTournamentAction('join', fresh(2), null)).toBe(false);
    expect(() => runTournamentAction('start', fresh(2), lea, {})).toThrow('Réservé à l’équipe.');
    expect(() => runTournamentAction('join', fresh(2), null, {})).toThrow('Connectez-vous pour vous inscrire.');
  });

  it('has a record for every action of the socket protocol but get, which changes nothing', () => {
    expect(['get', ...Object.keys(TOURNAMENT_ACTIONS)].sort()).toEqual([...TournamentActionSchema.options].sort());
  });

  it('keeps the fields it does not own', () => {
    const t = runTournamentAction('start', { ...fresh(2), name: 'Coupe' }, staff, {});
    expect(t.name).toBe('Coupe');
  });
});
