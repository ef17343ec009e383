import type { Match, Participant, TournamentFormat } from '../schemas/games.schema';

/**
 * Builds the matches: a round-robin (everyone meets everyone) or a single-elimination bracket
 * (seed 1 meets the lowest seed; byes go through at once). Other formats use the bracket too,
 * until they have their own engine.
 */
export function buildMatches(format: TournamentFormat, participants: readonly Participant[]): Match[] {
  const seeded = [...participants].sort((a, b) => a.seed - b.seed);
  if (format === 'round_robin') {
    const matches: Match[] = [];
    for (let i = 0; i < seeded.length; i++)
      for (let j = i + 1; j < seeded.length; j++)
        matches.push({ id: `m${matches.length + 1}`, round: 1, a: seeded[i]!.id, b: seeded[j]!.id, scoreA: null, scoreB: null, winner: null, status: 'ready' });
    return matches;
  }
  let size = 1;
  while (size < seeded.length) size *= 2;
  const rounds = Math.log2(size);
  const matches: Match[] = [];
  for (let round = 1; round <= rounds; round++) {
    const count = size / 2 ** round;
    for (let i = 0; i < count; i++) {
      const a = round === 1 ? (seeded[i]?.id ?? null) : null;
      const b = round === 1 ? (seeded[size - 1 - i]?.id ?? null) : null;
      matches.push({ id: `r${round}m${i + 1}`, round, a, b, scoreA: null, scoreB: null, winner: null, status: round === 1 ? 'ready' : 'pending' });
    }
  }
  for (const match of matches.filter((m) => m.round === 1)) {
    if (match.a && !match.b) advance(matches, match, match.a);
  }
  return matches;
}

/** Closes a bracket match (mutating `matches`) and sends its winner to the next round's match. */
export function advance(matches: Match[], match: Match, winner: string): void {
  match.winner = winner;
  match.status = 'done';
  const index = Number(match.id.split('m')[1]) - 1;
  const next = matches.find((m) => m.round === match.round + 1 && m.id === `r${match.round + 1}m${Math.floor(index / 2) + 1}`);
  if (!next) return;
  if (index % 2 === 0) next.a = winner;
  else next.b = winner;
  if (next.a && next.b) next.status = 'ready';
}
