import { describe, expect, it } from 'vitest';
import { confirm, disqualify, groupTables, isFinished, nextMatchOf, nextRound, report, restingIn, standings, start, swissRoundCount, undo } from './engine';
import { bracketOrder } from './pairings';
import { TournamentEngineError, type EngineResult } from './tournament-engine.errors';
import { TOURNAMENT_BRACKET_LABELS as BRACKET_LABELS, TOURNAMENT_FORMAT_LABELS as FORMAT_LABELS } from '../labels';
import { EngineTournamentSchema, FormatSchema, type EngineTournament, type Format, type Settings } from './tournament-engine.schema';

const ok = <T>(result: EngineResult<T>): T => {
  if (!result.ok) throw result.error;
  return result.tournament;
};
const refused = <T>(result: EngineResult<T>): TournamentEngineError => {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
};
const tournament = (n: number, format: Format, settings: Partial<Settings> = {}) =>
  EngineTournamentSchema.parse({ format, settings, participants: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Joueur ${i + 1}`, seed: i + 1 })) });
const started = (n: number, format: Format, settings: Partial<Settings> = {}) => ok(start(tournament(n, format, settings)));
const match = (t: EngineTournament, id: string) => t.matches.find((m) => m.id === id)!;
/** Plays a match, the player on side `winner` winning 2–0. */
const win = (t: EngineTournament, id: string, winner: 'a' | 'b') => ok(report(t, id, winner === 'a' ? 2 : 0, winner === 'a' ? 0 : 2));

describe('seeding and byes', () => {
  it('puts 1 against the last in the standard bracket order', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const t = started(8, 'single_elimination');
    expect(t.matches.filter((m) => m.round === 1).map((m) => [m.a, m.b])).toEqual([['p1', 'p8'], ['p4', 'p5'], ['p2', 'p7'], ['p3', 'p6']]);
  });

  it('gives the byes to the top seeds, who wait in round 2', () => {
    const t = started(6, 'single_elimination');
    expect(t.matches.filter((m) => m.round === 1).map((m) => [m.a, m.b, m.status])).toEqual([
      ['p1', null, 'done'],
      ['p4', 'p5', 'ready'],
      ['p2', null, 'done'],
      ['p3', 'p6', 'ready'],
    ]);
    expect(match(t, 'W2-1')).toMatchObject({ a: 'p1', b: null, status: 'pending' });
    expect(match(win(t, 'W1-2', 'b'), 'W2-1')).toMatchObject({ a: 'p1', b: 'p5', status: 'ready' });
  });

  it('plays the semi-finals’ losers for third place when asked', () => {
    let t = started(4, 'single_elimination', { thirdPlace: true });
    t = win(win(t, 'W1-1', 'a'), 'W1-2', 'a');
    expect(match(t, '3P')).toMatchObject({ a: 'p4', b: 'p3', status: 'ready' });
    t = win(win(t, '3P', 'b'), 'W2-1', 'b');
    expect(isFinished(t)).toBe(true);
    expect(t.winnerId).toBe('p2');
    expect(t.standings.map((s) => [s.participantId, s.rank])).toEqual([['p2', 1], ['p1', 2], ['p3', 3], ['p4', 4]]);
  });
});

describe('double elimination', () => {
  /** Eight players, the favourites win everything in the winners' bracket. */
  const toGrandFinal = (grandFinalReset = true) => {
    let t = started(8, 'double_elimination', { grandFinalReset });
    for (const id of ['W1-1', 'W1-2', 'W1-3', 'W1-4', 'W2-1', 'W2-2', 'W3-1']) t = win(t, id, 'a');
    for (const id of ['L1-1', 'L1-2', 'L2-1', 'L2-2', 'L3-1', 'L4-1']) t = win(t, id, 'a');
    return t;
  };

  it('sends the losers down crossed, so that they do not meet again at once', () => {
    let t = started(8, 'double_elimination');
    for (const id of ['W1-1', 'W1-2', 'W1-3', 'W1-4']) t = win(t, id, 'a');
    expect([match(t, 'L1-1'), match(t, 'L1-2')].map((m) => [m.a, m.b])).toEqual([['p8', 'p5'], ['p7', 'p6']]);
    t = win(win(t, 'W2-1', 'a'), 'W2-2', 'a');
    // p4 lost to p1 in the top half: it drops to the losers' match fed by the bottom half.
    expect(match(t, 'L2-2').b).toBe('p4');
    expect(match(t, 'L2-1').b).toBe('p3');
    t = win(win(t, 'L1-1', 'a'), 'L1-2', 'a');
    expect([match(t, 'L2-1').a, match(t, 'L2-2').a]).toEqual(['p8', 'p7']);
  });

  it('avoids rematches in the losers’ bracket: with the favourites winning, only the losers’ final is one', () => {
    for (const n of [8, 16, 32, 64]) {
      let t = started(n, 'double_elimination');
      const seed = (id: string | null) => Number(id!.slice(1));
      while (!isFinished(t)) for (const m of t.matches.filter((m) => m.status === 'ready')) t = win(t, m.id, seed(m.a) < seed(m.b) ? 'a' : 'b');
      const met = new Set(t.matches.filter((m) => m.bracket === 'winners').map((m) => `${m.a}|${m.b}`));
      const rematches = t.matches.filter((m) => m.bracket === 'losers' && (met.has(`${m.a}|${m.b}`) || met.has(`${m.b}|${m.a}`)));
      expect(rematches.map((m) => m.id)).toEqual([`L${2 * Math.log2(n) - 2}-1`]);
    }
  });

  it('plays a second grand final when the losers’-bracket player wins the first', () => {
    let t = toGrandFinal();
    // The losers' bracket's side `a` won throughout: p8, beaten by p1 in the first round, came back.
    expect(match(t, 'GF1')).toMatchObject({ a: 'p1', b: 'p8', status: 'ready' });
    t = win(t, 'GF1', 'b');
    expect(isFinished(t)).toBe(false);
    expect(match(t, 'GF2')).toMatchObject({ a: 'p1', b: 'p8', status: 'ready', round: 2 });
    t = win(t, 'GF2', 'b');
    expect(t).toMatchObject({ status: 'finished', winnerId: 'p8' });
    expect(t.standings.slice(0, 2).map((s) => s.participantId)).toEqual(['p8', 'p1']);
  });

  it('ends at the first grand final without a reset, or when the unbeaten player wins it', () => {
    expect(win(toGrandFinal(), 'GF1', 'a')).toMatchObject({ status: 'finished', winnerId: 'p1' });
    const t = win(toGrandFinal(false), 'GF1', 'b');
    expect(t).toMatchObject({ status: 'finished', winnerId: 'p8' });
    expect(t.matches.some((m) => m.id === 'GF2')).toBe(false);
  });

  it('undoes the first grand final and takes the reset back', () => {
    const t = ok(undo(win(toGrandFinal(), 'GF1', 'b'), 'GF1'));
    expect(t.matches.some((m) => m.id === 'GF2')).toBe(false);
    expect(match(t, 'GF1')).toMatchObject({ status: 'ready', winner: null, scoreA: null });
  });
});

describe('refusals, in French with a code', () => {
  it('refuses a draw in a bracket, a bad score, an unknown or unready match', () => {
    const t = started(4, 'single_elimination');
    expect(refused(report(t, 'W1-1', 1, 1))).toMatchObject({ code: 'DRAW_FORBIDDEN', message: expect.stringContaining('égalité') });
    expect(refused(report(t, 'W1-1', -1, 2)).code).toBe('BAD_SCORE');
    expect(refused(report(t, 'W1-1', 1.5, 2)).code).toBe('BAD_SCORE');
    expect(refused(report(t, 'zzz', 1, 0))).toMatchObject({ code: 'MATCH_NOT_FOUND', message: 'Match introuvable.' });
    expect(refused(report(t, 'W2-1', 1, 0)).code).toBe('MATCH_NOT_READY');
    expect(refused(report(win(t, 'W1-1', 'a'), 'W1-1', 1, 0)).code).toBe('MATCH_DONE');
    expect(refused(report(tournament(4, 'swiss'), 'S1-1', 1, 0)).message).toBe('Le tournoi n’a pas encore commencé.');
    expect(refused(report(t, 'W1-1', 1, 1))).toBeInstanceOf(TournamentEngineError);
  });

  it('checks a best-of score', () => {
    const t = started(2, 'single_elimination', { bestOf: 3 });
    expect(refused(report(t, 'W1-1', 3, 0)).code).toBe('BAD_SCORE');
    expect(refused(report(t, 'W1-1', 1, 0)).message).toContain('le vainqueur en gagne 2');
    expect(ok(report(t, 'W1-1', 2, 1)).winnerId).toBe('p1');
    expect(ok(report(started(2, 'round_robin', { bestOf: 2 }), 'R1-1', 1, 1)).matches[0]!.winner).toBeNull();
  });

  it('refuses to start twice, with too few or too many players, or groups too small for their qualifiers', () => {
    expect(refused(start(started(2, 'swiss'))).code).toBe('NOT_REGISTRATION');
    expect(refused(start(tournament(1, 'round_robin'))).message).toBe('Il faut au moins deux participants.');
    expect(refused(start(tournament(5, 'round_robin', { maxParticipants: 4 }))).code).toBe('TOO_MANY_PARTICIPANTS');
    expect(refused(start(tournament(65, 'round_robin'))).message).toContain('répartissez les joueurs en poules');
    expect(ok(start(tournament(65, 'round_robin', { groupSize: 8 }))).matches.length).toBeLessThan(2048);
    expect(refused(start(tournament(3, 'groups_then_elimination', { groupSize: 2, advancePerGroup: 2 }))).code).toBe('BAD_SETTINGS');
    expect(refused(start(tournament(2, 'groups_then_elimination', { groupSize: 2, advancePerGroup: 1 }))).code).toBe('BAD_SETTINGS');
  });

  it('leaves out whoever has not checked in', () => {
    const input = tournament(4, 'single_elimination', { checkIn: true });
    input.participants[0]!.checkedIn = true;
    expect(refused(start(input)).message).toContain('check-in');
    input.participants[2]!.checkedIn = true;
    const t = ok(start(input));
    expect(t.matches.map((m) => [m.a, m.b])).toEqual([['p1', 'p3']]);
    expect(t.participants.filter((p) => p.dropped).map((p) => p.id)).toEqual(['p2', 'p4']);
  });
});

it('tells a player their next match, ready or waiting', () => {
  const t = win(started(4, 'single_elimination'), 'W1-1', 'a');
  expect(nextMatchOf(t, 'p2')!.id).toBe('W1-2');
  expect(nextMatchOf(t, 'p1')).toMatchObject({ id: 'W2-1', status: 'pending' });
  expect(nextMatchOf(t, 'p4')).toBeNull();
});

describe('a player’s report and its confirmation', () => {
  it('keeps a score until it is confirmed, then moves on', () => {
    let t = started(4, 'single_elimination');
    t = ok(report(t, 'W1-1', 2, 0, { reportedBy: 'p1', confirmed: false }));
    expect(match(t, 'W1-1')).toMatchObject({ status: 'ready', scoreA: 2, confirmed: false, reportedBy: 'p1' });
    expect(match(t, 'W2-1').a).toBeNull();
    t = ok(confirm(t, 'W1-1'));
    expect(match(t, 'W1-1')).toMatchObject({ status: 'done', winner: 'p1', confirmed: true, reportedBy: 'p1' });
    expect(match(t, 'W2-1').a).toBe('p1');
    expect(refused(confirm(t, 'W1-1')).code).toBe('NOTHING_TO_CONFIRM');
  });
});

describe('undo', () => {
  it('reopens a match whose next match has not started', () => {
    let t = win(win(started(4, 'single_elimination'), 'W1-1', 'a'), 'W1-2', 'a');
    t = ok(undo(t, 'W1-1'));
    expect(match(t, 'W1-1')).toMatchObject({ status: 'ready', winner: null, scoreA: null });
    expect(match(t, 'W2-1')).toMatchObject({ a: null, b: 'p2', status: 'pending' });
    t = win(t, 'W1-1', 'b');
    expect(match(t, 'W2-1')).toMatchObject({ a: 'p4', b: 'p2', status: 'ready' });
  });

  it('refuses when the next match has a score, and reopens a finished tournament', () => {
    let t = win(win(win(started(4, 'single_elimination'), 'W1-1', 'a'), 'W1-2', 'a'), 'W2-1', 'a');
    expect(refused(undo(t, 'W1-1')).code).toBe('UNDO_BLOCKED');
    t = ok(undo(t, 'W2-1'));
    expect(t).toMatchObject({ status: 'running', winnerId: null });
    expect(refused(undo(t, 'W2-1')).code).toBe('MATCH_NOT_DONE');
  });

  it('takes back a bye the match decided on its way (double elimination)', () => {
    let t = started(3, 'double_elimination');
    t = win(t, 'W1-2', 'a');
    // p3 lost to p2 and the other first-round loser is nobody: p3 goes through the losers' round 1.
    expect(match(t, 'L1-1')).toMatchObject({ status: 'done', winner: 'p3' });
    expect(match(t, 'L2-1').a).toBe('p3');
    t = ok(undo(t, 'W1-2'));
    expect(match(t, 'L1-1')).toMatchObject({ status: 'pending', winner: null, b: null });
    expect(match(t, 'L2-1').a).toBeNull();
  });

  it('in Swiss, only in the last round paired; in two stages, the final stage is dropped if unplayed', () => {
    let t = started(4, 'swiss');
    t = win(win(t, 'S1-1', 'a'), 'S1-2', 'a');
    t = ok(nextRound(t));
    expect(refused(undo(t, 'S1-1')).code).toBe('UNDO_BLOCKED');
    let g = started(4, 'groups_then_elimination', { groupSize: 2, advancePerGroup: 1 });
    g = win(win(g, 'G1-R1-1', 'a'), 'G2-R1-1', 'a');
    expect(g.matches.filter((m) => m.stage === 2)).toHaveLength(1);
    g = ok(undo(g, 'G1-R1-1'));
    expect(g.matches.filter((m) => m.stage === 2)).toHaveLength(0);
    g = win(win(g, 'G1-R1-1', 'a'), 'E-W1-1', 'a');
    expect(refused(undo(g, 'G2-R1-1')).code).toBe('UNDO_BLOCKED');
  });
});

describe('disqualification', () => {
  it('turns the remaining matches into forfeits and skips the player afterwards', () => {
    let t = started(4, 'double_elimination');
    t = ok(disqualify(t, 'p4'));
    expect(match(t, 'W1-1')).toMatchObject({ status: 'done', winner: 'p1', forfeit: true, scoreA: null });
    // The disqualified player is not sent to the losers' bracket: p3's conqueror's victim goes through.
    t = win(t, 'W1-2', 'a');
    expect(match(t, 'L1-1')).toMatchObject({ status: 'done', winner: 'p3' });
    expect(refused(disqualify(t, 'p4')).code).toBe('ALREADY_DROPPED');
    expect(refused(disqualify(t, 'zz')).code).toBe('PARTICIPANT_NOT_FOUND');
  });

  it('forfeits a round robin’s matches and leaves the player out of the next Swiss round', () => {
    const rr = ok(disqualify(started(3, 'round_robin'), 'p2'));
    expect(rr.matches.filter((m) => m.a === 'p2' || m.b === 'p2').every((m) => m.forfeit && m.winner !== 'p2')).toBe(true);
    let t = started(6, 'swiss', { swissRounds: 3 });
    t = win(win(t, 'S1-1', 'a'), 'S1-2', 'a');
    t = ok(disqualify(t, 'p3'));
    expect(match(t, 'S1-3')).toMatchObject({ winner: 'p6', forfeit: true });
    t = ok(nextRound(t));
    const round2 = t.matches.filter((m) => m.round === 2);
    expect(round2.flatMap((m) => [m.a, m.b])).not.toContain('p3');
    expect(round2.filter((m) => m.b === null)).toHaveLength(1);
  });
});

describe('Swiss', () => {
  it('pairs the top half against the bottom half, then by points, the bye to the lowest-ranked without one', () => {
    let t = started(5, 'swiss');
    expect(t.settings.swissRounds).toBe(2);
    expect(t.matches.map((m) => [m.a, m.b])).toEqual([['p1', 'p3'], ['p2', 'p4'], ['p5', null]]);
    expect(refused(nextRound(t)).code).toBe('ROUND_NOT_FINISHED');
    t = win(win(t, 'S1-1', 'a'), 'S1-2', 'b');
    t = ok(nextRound(t));
    const round2 = t.matches.filter((m) => m.round === 2);
    // Winners p1, p4 and p5 (bye) lead; p3, lowest-ranked, has the bye.
    expect(round2.find((m) => m.b === null)!.a).toBe('p3');
    expect(round2.filter((m) => m.b).map((m) => [m.a, m.b])).toEqual([['p1', 'p4'], ['p5', 'p2']]);
    t = win(win(t, 'S2-1', 'a'), 'S2-2', 'a');
    expect(t.status).toBe('finished');
    // Eight players, round 2: among the four winners the top half meets the bottom half.
    let e = started(8, 'swiss');
    for (const m of e.matches) e = win(e, m.id, 'a');
    e = ok(nextRound(e));
    expect(e.matches.filter((m) => m.round === 2).map((m) => [m.a, m.b])).toEqual([['p1', 'p3'], ['p2', 'p4'], ['p5', 'p7'], ['p6', 'p8']]);
    expect(refused(nextRound(t)).code).toBe('NOT_RUNNING');
    expect(refused(nextRound(started(2, 'round_robin'))).code).toBe('NOT_SWISS');
  });

  it('ends early when disqualifications leave no pairing without a rematch', () => {
    let t = started(4, 'swiss');
    t = win(win(t, 'S1-1', 'a'), 'S1-2', 'b');
    // p2 and p4 are left, and they have met.
    t = ok(disqualify(ok(disqualify(t, 'p1')), 'p3'));
    t = ok(nextRound(t));
    // p1 and p4 lead on points, p1 first by seed but out: the title goes to p4.
    expect(t).toMatchObject({ status: 'finished', winnerId: 'p4', settings: { swissRounds: 1 } });
    expect(t.standings.map((row) => row.participantId)).toEqual(['p1', 'p4', 'p2', 'p3']);
  });

  it('caps the rounds where a pairing without rematch is certain', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 16, 64].map((n) => swissRoundCount(undefined, n))).toEqual([1, 2, 2, 2, 3, 3, 3, 4, 6]);
    expect(swissRoundCount(10, 6)).toBe(3);
    let t = started(2, 'swiss', { swissRounds: 1 });
    t = ok(report(t, 'S1-1', 1, 1));
    expect(t).toMatchObject({ status: 'finished', winnerId: 'p1' });
  });
});

describe('round robin and standings', () => {
  it('schedules with the circle method, one player resting each round when the count is odd', () => {
    const t = started(5, 'round_robin');
    expect(Math.max(...t.matches.map((m) => m.round))).toBe(5);
    for (let round = 1; round <= 5; round++) expect(t.matches.filter((m) => m.round === round)).toHaveLength(2);
    expect([1, 2, 3, 4, 5].flatMap((round) => restingIn(t, round)).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(restingIn(started(5, 'swiss'), 1)).toEqual(['p5']);
  });

  it('ranks by points, then head-to-head, Buchholz, Sonneborn-Berger and seed', () => {
    let t = started(4, 'round_robin', { points: { win: 2, draw: 1, loss: 0 } });
    const play = (x: string, y: string, sx: number, sy: number) => {
      const m = t.matches.find((m) => (m.a === x && m.b === y) || (m.a === y && m.b === x))!;
      t = ok(report(t, m.id, m.a === x ? sx : sy, m.a === x ? sy : sx));
    };
    play('p1', 'p2', 0, 1);
    play('p1', 'p3', 1, 0);
    play('p1', 'p4', 1, 0);
    play('p2', 'p3', 0, 1);
    play('p2', 'p4', 1, 1);
    play('p3', 'p4', 1, 1);
    // p1 4 pts; p2 and p3 3 pts, p3 beat p2; p4 2 pts.
    expect(t.standings.map((s) => [s.participantId, s.points, s.tiebreaks.headToHead])).toEqual([['p1', 4, 0], ['p3', 3, 2], ['p2', 3, 0], ['p4', 2, 0]]);
    expect(t.standings[1]).toMatchObject({ played: 3, wins: 1, draws: 1, losses: 1, tiebreaks: { buchholz: 9, sonnebornBerger: 4 } });
    expect(t).toMatchObject({ status: 'finished', winnerId: 'p1' });
    expect(standings(t)).toEqual(t.standings);
  });

  it('splits into groups when asked, each with its own table', () => {
    const t = started(8, 'round_robin', { groupSize: 4 });
    expect(groupTables(t).map((table) => table.map((row) => row.participantId))).toEqual([['p1', 'p4', 'p5', 'p8'], ['p2', 'p3', 'p6', 'p7']]);
    expect(t.matches.every((m) => m.bracket === 'group')).toBe(true);
    expect(t.standings.map((s) => [s.group, s.rank]).slice(0, 2)).toEqual([[1, 1], [2, 1]]);
  });

  it('two stages: the best of each group meet in a bracket, group winners apart', () => {
    let t = started(8, 'groups_then_elimination', { groupSize: 4, advancePerGroup: 2 });
    for (const m of t.matches) t = win(t, m.id, m.a! < m.b! ? 'a' : 'b');
    // Group 1 is p1 p4 p5 p8, group 2 p2 p3 p6 p7: winners p1, p2; runners-up p4, p3.
    expect(t.matches.filter((m) => m.stage === 2 && m.round === 1).map((m) => [m.a, m.b])).toEqual([['p1', 'p3'], ['p2', 'p4']]);
    expect(t.standings.every((s) => s.rank === 1)).toBe(false);
    for (const id of ['E-W1-1', 'E-W1-2', 'E-W2-1']) t = win(t, id, 'a');
    expect(t).toMatchObject({ status: 'finished', winnerId: 'p1' });
    expect(t.standings.map((s) => [s.participantId, s.rank])).toEqual([['p1', 1], ['p2', 2], ['p3', 3], ['p4', 3], ['p5', 5], ['p6', 6], ['p7', 7], ['p8', 8]]);
  });
});

it('labels every format and bracket in French', () => {
  expect(FormatSchema.options.map((f) => FORMAT_LABELS[f])).toContain('poules puis élimination directe');
  expect(BRACKET_LABELS.grand_final).toBe('grande finale');
});

it('fills the settings’ defaults, 3/1/0 points among them', () => {
  expect(EngineTournamentSchema.parse({})).toMatchObject({
    format: 'single_elimination',
    status: 'registration',
    settings: { thirdPlace: false, grandFinalReset: true, advancePerGroup: 2, bestOf: 1, points: { win: 3, draw: 1, loss: 0 }, checkIn: false },
    winnerId: null,
  });
});
