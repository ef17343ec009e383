import type { EngineTournament, Match } from '../tournament-engine/tournament-engine.schema';
import { SECTION_ORDER } from './tournament-layout';

/*
 * The order in which matches are called to the stations: the order a host would call them
 * reading the bracket, so the losers' bracket keeps pace with the winners' instead of waiting
 * for it to finish.
 */

/** A match being played now: both players known, no score yet. A reported score frees its station. */
export const isPlaying = (m: Match): boolean => m.status === 'ready' && m.a !== null && m.b !== null && m.scoreA === null;

/** The matches each match waits for (those whose winner or loser it receives). */
export function feedersOf(matches: readonly Match[]): Map<string, Match[]> {
  const feeders = new Map<string, Match[]>();
  for (const m of matches)
    for (const ref of [m.winnerTo, m.loserTo]) if (ref) feeders.set(ref.matchId, [...(feeders.get(ref.matchId) ?? []), m]);
  return feeders;
}

/**
 * The matches not yet done, in call order: by stage, then by wave (a match comes after every
 * match it waits for, so losers' round 1 sits beside winners' round 2), then winners before
 * losers, then by group, then as the bracket lists them.
 */
export function callOrder(t: Pick<EngineTournament, 'matches'>): Match[] {
  const feeders = feedersOf(t.matches);
  const waves = new Map<string, number>();
  const waveOf = (m: Match): number => {
    const known = waves.get(m.id);
    if (known !== undefined) return known;
    const wave = Math.max(m.round, ...(feeders.get(m.id) ?? []).map((f) => waveOf(f) + 1));
    waves.set(m.id, wave);
    return wave;
  };
  const index = new Map(t.matches.map((m, i) => [m.id, i]));
  return t.matches
    .filter((m) => m.status !== 'done')
    .sort(
      (x, y) =>
        x.stage - y.stage ||
        waveOf(x) - waveOf(y) ||
        SECTION_ORDER.indexOf(x.bracket) - SECTION_ORDER.indexOf(y.bracket) ||
        (x.group ?? 0) - (y.group ?? 0) ||
        index.get(x.id)! - index.get(y.id)!,
    );
}
