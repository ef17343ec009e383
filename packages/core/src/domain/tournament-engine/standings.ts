import type { Match, Participant, Settings, Standing } from './tournament-engine.schema';

type Points = Settings['points'];
type Row = Omit<Standing, 'rank'> & { seed: number };

/** The result a done match gives each side, or nothing (not played, empty, or an elimination bye). */
function outcomes(match: Match): Array<{ id: string; opponent: string | null; result: 'win' | 'draw' | 'loss' }> {
  if (match.status !== 'done') return [];
  const { a, b, winner } = match;
  if (a && b) {
    if (winner) return [{ id: a, opponent: b, result: winner === a ? 'win' : 'loss' }, { id: b, opponent: a, result: winner === b ? 'win' : 'loss' }];
    if (match.scoreA !== null && match.scoreB !== null) return [{ id: a, opponent: b, result: 'draw' }, { id: b, opponent: a, result: 'draw' }];
    return [];
  }
  // A Swiss bye is a win without an opponent; an elimination bye is no result at all.
  if (match.bracket === 'swiss' && winner) return [{ id: winner, opponent: null, result: 'win' }];
  return [];
}

/** Key of a row, best first: points, then head-to-head, Buchholz, Sonneborn-Berger, then seed. */
export function compareRows(x: Omit<Row, 'participantId'> & { participantId: string }, y: typeof x): number {
  return (
    y.points - x.points ||
    y.tiebreaks.headToHead - x.tiebreaks.headToHead ||
    y.tiebreaks.buchholz - x.tiebreaks.buchholz ||
    y.tiebreaks.sonnebornBerger - x.tiebreaks.sonnebornBerger ||
    x.seed - y.seed ||
    (x.participantId < y.participantId ? -1 : x.participantId > y.participantId ? 1 : 0)
  );
}

/**
 * A points table over some matches: win/draw/loss points from the settings, tiebreaks
 * head-to-head (points among those level on points), Buchholz and Sonneborn-Berger; the seed
 * breaks what is left, so the order is total and the same on every machine.
 */
export function pointsTable(players: readonly Participant[], matches: readonly Match[], points: Points, group?: number): Standing[] {
  const rows = new Map<string, Row>();
  for (const p of players)
    rows.set(p.id, { participantId: p.id, seed: p.seed, played: 0, wins: 0, draws: 0, losses: 0, points: 0, tiebreaks: { headToHead: 0, buchholz: 0, sonnebornBerger: 0 }, ...(group === undefined ? {} : { group }) });
  const results = matches.flatMap(outcomes).filter((o) => rows.has(o.id));
  for (const { id, result } of results) {
    const row = rows.get(id)!;
    row.played++;
    if (result === 'win') row.wins++;
    else if (result === 'draw') row.draws++;
    else row.losses++;
    row.points += points[result];
  }
  const pointsOf = (id: string | null) => (id && rows.get(id)?.points) || 0;
  for (const { id, opponent, result } of results) {
    if (!opponent) continue;
    const row = rows.get(id)!;
    row.tiebreaks.buchholz += pointsOf(opponent);
    if (result === 'win') row.tiebreaks.sonnebornBerger += pointsOf(opponent);
    if (result === 'draw') row.tiebreaks.sonnebornBerger += pointsOf(opponent) / 2;
    if (rows.get(opponent)?.points === row.points) row.tiebreaks.headToHead += result === 'win' ? points.win : result === 'draw' ? points.draw : points.loss;
  }
  return [...rows.values()].sort(compareRows).map(({ seed: _seed, ...row }, i) => ({ ...row, rank: i + 1 }));
}

/**
 * Ranks in an elimination bracket by how far each player went: the champion, the final's
 * loser, the third-place match, then by the round they went out in (level players share a rank).
 */
export function eliminationTable(players: readonly Participant[], matches: readonly Match[], points: Points, championId: string | null): Standing[] {
  const table = new Map(pointsTable(players, matches, points).map((row) => [row.participantId, row]));
  const progress = new Map<string, number>();
  for (const p of players) progress.set(p.id, p.id === championId ? 100_000 : 50_000);
  const lossesSoFar = new Map<string, number>();
  const isDouble = matches.some((m) => m.bracket === 'losers' || m.bracket === 'grand_final');
  for (const match of [...matches].sort(playOrder)) {
    if (match.status !== 'done' || !match.a || !match.b || !match.winner) continue;
    const loser = match.winner === match.a ? match.b : match.a;
    const losses = (lossesSoFar.get(loser) ?? 0) + 1;
    lossesSoFar.set(loser, losses);
    if (loser === championId) continue;
    if (match.bracket === 'third_place') {
      progress.set(match.winner, 30_000);
      progress.set(loser, 20_000);
      continue;
    }
    const final = match.bracket === 'grand_final' || (match.bracket === 'winners' && !isDouble && !match.winnerTo);
    if (final) progress.set(loser, 40_000);
    else if (!isDouble || match.bracket === 'losers' || losses >= 2) progress.set(loser, Math.min(progress.get(loser)!, match.round * 10 + (match.bracket === 'losers' ? 5 : 0)));
  }
  const rows = players.map((p) => ({ ...table.get(p.id)!, progress: progress.get(p.id)! }));
  rows.sort((x, y) => y.progress - x.progress || compareRows({ ...x, seed: seedOf(players, x.participantId) }, { ...y, seed: seedOf(players, y.participantId) }));
  return rows.map(({ progress, ...row }) => ({ ...row, rank: 1 + rows.filter((other) => other.progress > progress).length }));
}

const seedOf = (players: readonly Participant[], id: string) => players.find((p) => p.id === id)?.seed ?? Number.MAX_SAFE_INTEGER;

const BRACKET_ORDER: Record<string, number> = { winners: 0, losers: 1, third_place: 2, grand_final: 3 };
/** The order matches are played in, near enough to count losses in sequence. */
function playOrder(x: Match, y: Match): number {
  return x.stage - y.stage || (BRACKET_ORDER[x.bracket] ?? 0) - (BRACKET_ORDER[y.bracket] ?? 0) || x.round - y.round;
}
