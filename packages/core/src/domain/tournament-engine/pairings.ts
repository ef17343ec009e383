import type { Bracket, Match } from './tournament-engine.schema';

/**
 * Standard bracket order of the seeds for a bracket of `size` (a power of two): seed 1 meets
 * the last, and seeds 1 and 2 can only meet in the final. [1, 4, 2, 3] for 4; [1, 8, 4, 5, 2, 7, 3, 6] for 8.
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

export const nextPowerOfTwo = (n: number): number => {
  let size = 1;
  while (size < n) size *= 2;
  return size;
};

export function blankMatch(id: string, stage: number, bracket: Bracket, round: number, a: string | null = null, b: string | null = null): Match {
  return { id, stage, bracket, round, a, b, scoreA: null, scoreB: null, winner: null, status: 'pending', confirmed: false, forfeit: false, winnerTo: null, loserTo: null };
}

/**
 * A single- or double-elimination bracket over ids in seed order, wired by `winnerTo` and
 * `loserTo`. The empty slots of the first round are byes, and they go to the top seeds.
 * The grand final's reset is not built here: it exists only once the losers'-bracket player wins.
 */
export function eliminationBracket(seeded: readonly string[], options: { double: boolean; thirdPlace: boolean; stage: number; prefix?: string }): Match[] {
  const { double, stage, prefix = '' } = options;
  const size = nextPowerOfTwo(Math.max(2, seeded.length));
  const rounds = Math.log2(size);
  const order = bracketOrder(size);
  const byId = new Map<string, Match>();
  const add = (match: Match) => byId.set(match.id, match);
  const w = (round: number, i: number) => `${prefix}W${round}-${i + 1}`;
  const l = (round: number, i: number) => `${prefix}L${round}-${i + 1}`;
  const to = (matchId: string, i: number) => ({ matchId, slot: i % 2 === 0 ? ('a' as const) : ('b' as const) });

  for (let round = 1; round <= rounds; round++) {
    const count = size / 2 ** round;
    for (let i = 0; i < count; i++) {
      const a = round === 1 ? (seeded[order[2 * i]! - 1] ?? null) : null;
      const b = round === 1 ? (seeded[order[2 * i + 1]! - 1] ?? null) : null;
      const match = blankMatch(w(round, i), stage, 'winners', round, a, b);
      if (round < rounds) match.winnerTo = to(w(round + 1, Math.floor(i / 2)), i);
      add(match);
    }
  }

  if (double) {
    const gf = `${prefix}GF1`;
    add(blankMatch(gf, stage, 'grand_final', 1));
    byId.get(w(rounds, 0))!.winnerTo = { matchId: gf, slot: 'a' };
    const losersRounds = 2 * (rounds - 1);
    for (let j = 1; j <= losersRounds; j++) {
      const count = size / 2 ** (Math.floor((j + 1) / 2) + 1);
      for (let i = 0; i < count; i++) {
        const match = blankMatch(l(j, i), stage, 'losers', j);
        if (j === losersRounds) match.winnerTo = { matchId: gf, slot: 'b' };
        else if (j % 2 === 1) match.winnerTo = { matchId: l(j + 1, i), slot: 'a' };
        else match.winnerTo = to(l(j + 1, Math.floor(i / 2)), i);
        add(match);
      }
    }
    if (rounds === 1) byId.get(w(1, 0))!.loserTo = { matchId: gf, slot: 'b' };
    for (let round = 1; round <= rounds && rounds > 1; round++) {
      const count = size / 2 ** round;
      for (let i = 0; i < count; i++) {
        const match = byId.get(w(round, i))!;
        if (round === 1) {
          match.loserTo = to(l(1, Math.floor(i / 2)), i);
          continue;
        }
        match.loserTo = { matchId: l(2 * (round - 1), dropOrder(round, i, count)), slot: 'b' };
      }
    }
  } else if (options.thirdPlace && rounds >= 2) {
    const third = `${prefix}3P`;
    add(blankMatch(third, stage, 'third_place', rounds));
    byId.get(w(rounds - 1, 0))!.loserTo = { matchId: third, slot: 'a' };
    byId.get(w(rounds - 1, 1))!.loserTo = { matchId: third, slot: 'b' };
  }
  return [...byId.values()];
}

/**
 * Where the loser of the winners' match `i` (of `count`) in `round` ≥ 2 drops in the losers'
 * bracket: reversed, reversed then half-shifted, half-shifted, straight, and again, so that a
 * loser meets someone from another part of the bracket. Of the orders we measured, this one
 * leaves the fewest rematches (with the favourites always winning, only the losers' final,
 * from 8 to 64 players; a third of the rematches of `reverse/half-shift` with random results).
 */
export function dropOrder(round: number, i: number, count: number): number {
  const reverse = (k: number) => count - 1 - k;
  const halfShift = (k: number) => (k + count / 2) % count;
  if (count === 1) return 0;
  switch ((round - 2) % 4) {
    case 0:
      return reverse(i);
    case 1:
      return reverse(halfShift(i));
    case 2:
      return halfShift(i);
    default:
      return i;
  }
}

/**
 * Round robin by the circle (Berger) method: the first player stays, the others turn; with an
 * odd count a phantom joins and whoever meets it sits the round out (no match is stored).
 */
export function roundRobin(seeded: readonly string[], options: { stage: number; bracket: Bracket; group?: number; prefix: string }): Match[] {
  const list: (string | null)[] = [...seeded];
  if (list.length % 2 === 1) list.push(null);
  const n = list.length;
  const matches: Match[] = [];
  for (let round = 1; round < n; round++) {
    let index = 0;
    for (let i = 0; i < n / 2; i++) {
      let x = list[i]!;
      let y = list[n - 1 - i]!;
      if (x === null || y === null) continue;
      // The fixed player alternates sides, so nobody is always listed first.
      if (i === 0 && round % 2 === 0) [x, y] = [y, x];
      const match = blankMatch(`${options.prefix}R${round}-${++index}`, options.stage, options.bracket, round, x, y);
      match.status = 'ready';
      if (options.group !== undefined) match.group = options.group;
      matches.push(match);
    }
    list.splice(1, 0, list.pop()!);
  }
  return matches;
}

/** Groups of at most `groupSize`, filled in a snake so that every group gets a fair share of the seeds. */
export function snakeGroups<T>(seeded: readonly T[], groupSize: number): T[][] {
  const count = Math.max(1, Math.ceil(seeded.length / groupSize));
  const groups: T[][] = Array.from({ length: count }, () => []);
  seeded.forEach((item, i) => {
    const lap = Math.floor(i / count);
    const position = i % count;
    groups[lap % 2 === 0 ? position : count - 1 - position]!.push(item);
  });
  return groups;
}

/**
 * A Swiss round over players in ranking order (best first) with their points: the bye to the
 * lowest-ranked who has had none; then, within each group of players level on points, the top
 * half meets the bottom half (1 v 3, 2 v 4 among four), an odd one out floating down to the
 * next group; a rematch is never allowed, and the search goes depth-first from that preferred
 * order, so a pairing is found whenever one exists within the search budget. Null: none.
 */
export function swissPairing(
  ranked: readonly string[],
  pointsOf: (x: string) => number,
  hasPlayed: (x: string, y: string) => boolean,
  hadBye: (x: string) => boolean,
): { pairs: [string, string][]; bye: string | null } | null {
  let budget = 200_000;
  const pair = (list: readonly string[]): [string, string][] | null => {
    if (list.length === 0) return [];
    const [first, ...others] = list as [string, ...string[]];
    for (let i = 0; i < others.length; i++) {
      if (--budget < 0) return null;
      const other = others[i]!;
      if (hasPlayed(first, other)) continue;
      const rest = pair([...others.slice(0, i), ...others.slice(i + 1)]);
      if (rest) return [[first, other], ...rest];
    }
    return null;
  };
  const fold = (group: readonly string[]) => {
    const half = group.length / 2;
    return group.slice(0, half).flatMap((top, i) => [top, group[half + i]!]);
  };
  const arrange = (list: readonly string[]): string[] => {
    const arranged: string[] = [];
    let group: string[] = [];
    list.forEach((id, i) => {
      group.push(id);
      const next = list[i + 1];
      if (next !== undefined && pointsOf(next) === pointsOf(id)) return;
      // An odd group sends its lowest down to the next one.
      const floater = group.length % 2 === 1 && next !== undefined ? group.pop()! : null;
      arranged.push(...fold(group));
      group = floater === null ? [] : [floater];
    });
    return arranged;
  };
  if (ranked.length % 2 === 0) {
    const pairs = pair(arrange(ranked));
    return pairs && { pairs, bye: null };
  }
  for (let i = ranked.length - 1; i >= 0; i--) {
    const candidate = ranked[i]!;
    if (hadBye(candidate)) continue;
    const pairs = pair(arrange(ranked.filter((id) => id !== candidate)));
    if (pairs) return { pairs, bye: candidate };
    if (budget < 0) return null;
  }
  return null;
}
