import { eliminationBracket, roundRobin, snakeGroups, swissPairing, blankMatch } from './pairings';
import { compareRows, eliminationTable, pointsTable } from './standings';
import { TournamentEngineError, type EngineErrorCode, type EngineResult } from './tournament-engine.errors';
import { ELIMINATION_BRACKETS, MAX_MATCHES } from './tournament-engine.constants';
import type { EngineTournament, Match, Participant, Standing } from './tournament-engine.schema';

const refuse = (code: EngineErrorCode, message: string): never => {
  throw new TournamentEngineError(code, message);
};

/** Copies what the engine writes, so a caller's tournament is never changed. */
function draftOf<T extends EngineTournament>(t: T): T {
  return {
    ...t,
    settings: { ...t.settings, points: { ...t.settings.points } },
    participants: t.participants.map((p) => ({ ...p })),
    matches: t.matches.map((m) => ({ ...m })),
    standings: [...t.standings],
  };
}

/** Runs a change on a copy, then settles the byes, forfeits and stages, the winner and the standings. */
function change<T extends EngineTournament>(t: T, apply: (draft: T) => void): EngineResult<T> {
  const draft = draftOf(t);
  try {
    apply(draft);
    settle(draft);
  } catch (error) {
    if (error instanceof TournamentEngineError) return { ok: false, error };
    throw error;
  }
  return { ok: true, tournament: draft };
}

const seedOrder = (x: Participant, y: Participant) => x.seed - y.seed || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
const droppedIds = (t: EngineTournament) => new Set(t.participants.filter((p) => p.dropped).map((p) => p.id));
const findMatch = (t: EngineTournament, matchId: string): Match => t.matches.find((m) => m.id === matchId) ?? refuse('MATCH_NOT_FOUND', 'Match introuvable.');
const requireRunning = (t: EngineTournament) => {
  if (t.status !== 'running') refuse('NOT_RUNNING', t.status === 'registration' ? 'Le tournoi n’a pas encore commencé.' : 'Le tournoi est terminé.');
};

/** The participants drawn into the tournament (those who appear in a match), in seed order. */
export function playersOf(t: EngineTournament): Participant[] {
  const inMatches = new Set(t.matches.flatMap((m) => [m.a, m.b]));
  return t.participants.filter((p) => inMatches.has(p.id)).sort(seedOrder);
}

/**
 * Swiss: the number of rounds for n players, ⌈log2 n⌉ unless set, capped where a pairing
 * without rematch is certain whatever the results: n/2 rounds for an even n, (n − 1)/2 for an
 * odd one (Dirac: the pairs not yet played still hold a perfect matching), 2 for three players.
 * Past that (6 players, 4 rounds: two triangles of unplayed pairs) a round can be impossible.
 */
export function swissRoundCount(requested: number | undefined, players: number): number {
  const most = players === 3 ? 2 : players % 2 === 0 ? players / 2 : (players - 1) / 2;
  return Math.max(1, Math.min(requested ?? Math.ceil(Math.log2(Math.max(2, players))), most));
}

/** Closes the registrations and builds the first matches (the first round for Swiss). */
export function start<T extends EngineTournament>(t: T): EngineResult<T> {
  return change(t, (draft) => {
    if (draft.status !== 'registration') refuse('NOT_REGISTRATION', 'Le tournoi a déjà commencé.');
    const { settings } = draft;
    // With check-in on, whoever has not checked in is left out of the draw.
    if (settings.checkIn) for (const p of draft.participants) if (!p.checkedIn) p.dropped = true;
    const seeded = draft.participants.filter((p) => !p.dropped).sort(seedOrder).map((p) => p.id);
    if (seeded.length < 2) refuse('TOO_FEW_PARTICIPANTS', settings.checkIn ? 'Il faut au moins deux participants présents (check-in).' : 'Il faut au moins deux participants.');
    if (settings.maxParticipants !== undefined && seeded.length > settings.maxParticipants)
      refuse('TOO_MANY_PARTICIPANTS', `Ce tournoi est limité à ${settings.maxParticipants} participants.`);
    switch (draft.format) {
      case 'single_elimination':
      case 'double_elimination':
        draft.matches = eliminationBracket(seeded, { double: draft.format === 'double_elimination', thirdPlace: settings.thirdPlace, stage: 1 });
        break;
      case 'round_robin':
        draft.matches =
          settings.groupSize !== undefined && settings.groupSize < seeded.length
            ? groupMatches(seeded, settings.groupSize)
            : roundRobin(seeded, { stage: 1, bracket: 'round_robin', prefix: '' });
        break;
      case 'swiss':
        draft.matches = [];
        settings.swissRounds = swissRoundCount(settings.swissRounds, seeded.length);
        pairSwissRound(draft, 1);
        break;
      case 'groups_then_elimination': {
        const groups = snakeGroups(seeded, settings.groupSize ?? 4);
        const smallest = Math.min(...groups.map((g) => g.length));
        if (smallest < settings.advancePerGroup)
          refuse('BAD_SETTINGS', `Une poule n’aurait que ${smallest} joueur(s) pour ${settings.advancePerGroup} qualifié(s) : agrandissez les poules ou qualifiez moins de joueurs.`);
        if (groups.length * settings.advancePerGroup < 2) refuse('BAD_SETTINGS', 'Il faut au moins deux qualifiés pour la phase finale.');
        draft.matches = groupMatches(seeded, settings.groupSize ?? 4);
        break;
      }
    }
    if (draft.matches.length > MAX_MATCHES) refuse('TOO_MANY_PARTICIPANTS', `Trop de matchs (${draft.matches.length}) pour un seul tableau : répartissez les joueurs en poules.`);
    draft.status = 'running';
  });
}

function groupMatches(seeded: readonly string[], groupSize: number): Match[] {
  return snakeGroups(seeded, groupSize).flatMap((members, i) => roundRobin(members, { stage: 1, bracket: 'group', group: i + 1, prefix: `G${i + 1}-` }));
}

function pairSwissRound(draft: EngineTournament, round: number): void {
  const swiss = draft.matches.filter((m) => m.bracket === 'swiss');
  const dropped = droppedIds(draft);
  const everyone = round === 1 ? draft.participants.filter((p) => !p.dropped) : playersOf(draft);
  // Round 1: everyone on 0 points in seed order, so the top half of the seeds meets the bottom half.
  const table = round === 1 ? [...everyone].sort(seedOrder).map((p) => ({ participantId: p.id, points: 0 })) : pointsTable(everyone, swiss, draft.settings.points);
  const points = new Map(table.map((row) => [row.participantId, row.points]));
  const ranked = table.map((row) => row.participantId).filter((id) => !dropped.has(id));
  const met = new Set(swiss.filter((m) => m.a && m.b).flatMap((m) => [`${m.a}|${m.b}`, `${m.b}|${m.a}`]));
  const byes = new Set(swiss.filter((m) => !m.b && m.winner).map((m) => m.winner));
  if (ranked.length < 2) refuse('NO_PAIRING', 'Il reste moins de deux joueurs à apparier.');
  const pairing = swissPairing(ranked, (x) => points.get(x) ?? 0, (x, y) => met.has(`${x}|${y}`), (x) => byes.has(x));
  if (!pairing) return refuse('NO_PAIRING', 'Aucun appariement possible sans revanche pour cette ronde.');
  pairing.pairs.forEach(([a, b], i) => {
    draft.matches.push({ ...blankMatch(`S${round}-${i + 1}`, 1, 'swiss', round, a, b), status: 'ready' });
  });
  if (pairing.bye) draft.matches.push({ ...blankMatch(`S${round}-exempt`, 1, 'swiss', round, pairing.bye, null), status: 'done', winner: pairing.bye });
}

/**
 * Swiss: pairs the next round, once every match of the current one is done. When no pairing
 * without a rematch is left (only after disqualifications), the tournament ends there.
 */
/** The highest round drawn so far (0 before the first). */
export const latestRound = (t: Pick<EngineTournament, 'matches'>): number => Math.max(0, ...t.matches.map((m) => m.round));

/** The Swiss round to draw after the latest, or null once every round the settings ask for is drawn. */
export function swissRoundToDraw(t: Pick<EngineTournament, 'matches' | 'settings'>): number | null {
  const round = latestRound(t);
  return round < (t.settings.swissRounds ?? 0) ? round + 1 : null;
}

export function nextRound<T extends EngineTournament>(t: T): EngineResult<T> {
  return change(t, (draft) => {
    if (draft.format !== 'swiss') refuse('NOT_SWISS', 'Les rondes ne se lancent à la main qu’au système suisse.');
    requireRunning(draft);
    const current = latestRound(draft);
    if (draft.matches.some((m) => m.status !== 'done')) refuse('ROUND_NOT_FINISHED', `La ronde ${current} n’est pas terminée.`);
    if (swissRoundToDraw(draft) === null) refuse('NO_MORE_ROUNDS', 'Toutes les rondes ont été jouées.');
    try {
      pairSwissRound(draft, current + 1);
    } catch (error) {
      // Disqualifications can leave no pairing without a rematch (two players who have met):
      // the tournament then ends on the rounds played rather than stay stuck.
      if (!(error instanceof TournamentEngineError && error.code === 'NO_PAIRING')) throw error;
      draft.settings.swissRounds = current;
    }
  });
}

export interface ReportOptions {
  /** Who sent the score (a participant id, or staff). */
  reportedBy?: string;
  /** False: a player's report, kept on the match until `confirm`; true (the default): staff's, or already agreed. */
  confirmed?: boolean;
}

/** Records a score and moves the winner (and, in double elimination, the loser) on. */
export function report<T extends EngineTournament>(t: T, matchId: string, scoreA: number, scoreB: number, options: ReportOptions = {}): EngineResult<T> {
  return change(t, (draft) => {
    requireRunning(draft);
    const match = findMatch(draft, matchId);
    checkScore(draft, match, scoreA, scoreB);
    match.scoreA = scoreA;
    match.scoreB = scoreB;
    if (options.reportedBy === undefined) delete match.reportedBy;
    else match.reportedBy = options.reportedBy;
    if (options.confirmed === false) {
      match.confirmed = false;
      return;
    }
    close(draft, match);
  });
}

/** Accepts a score a player reported, as the opponent or staff confirming it. */
export function confirm<T extends EngineTournament>(t: T, matchId: string): EngineResult<T> {
  return change(t, (draft) => {
    requireRunning(draft);
    const match = findMatch(draft, matchId);
    if (match.status !== 'ready' || match.scoreA === null || match.scoreB === null || match.confirmed)
      refuse('NOTHING_TO_CONFIRM', 'Aucun score n’attend de confirmation sur ce match.');
    close(draft, match);
  });
}

function checkScore(t: EngineTournament, match: Match, scoreA: number, scoreB: number): void {
  if (match.status === 'done') refuse('MATCH_DONE', 'Ce match est déjà joué : annulez-le d’abord pour corriger le score.');
  if (match.status === 'pending') refuse('MATCH_NOT_READY', 'Ce match attend encore ses joueurs.');
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 9999;
  if (!valid(scoreA) || !valid(scoreB)) refuse('BAD_SCORE', 'Score invalide : deux nombres entiers positifs sont attendus.');
  const elimination = ELIMINATION_BRACKETS.has(match.bracket);
  if (elimination && scoreA === scoreB) refuse('DRAW_FORBIDDEN', 'Pas d’égalité dans un tableau à élimination : il faut un vainqueur.');
  const { bestOf } = t.settings;
  if (bestOf > 1) {
    const needed = Math.ceil(bestOf / 2);
    if (Math.max(scoreA, scoreB) > needed || scoreA + scoreB > bestOf) refuse('BAD_SCORE', `Score invalide : au meilleur des ${bestOf} manches, on s’arrête à ${needed} manches gagnées.`);
    if (elimination && Math.max(scoreA, scoreB) !== needed) refuse('BAD_SCORE', `Score invalide : au meilleur des ${bestOf} manches, le vainqueur en gagne ${needed}.`);
  }
}

/** A played match is done: the scores decide the winner (none on a draw). */
function close(draft: EngineTournament, match: Match): void {
  match.winner = match.scoreA! > match.scoreB! ? match.a : match.scoreB! > match.scoreA! ? match.b : null;
  match.status = 'done';
  match.confirmed = true;
  match.forfeit = false;
  forward(draft, match);
}

/** Sends a done match's winner and loser to the slots it feeds; a grand final won from the losers' side may call a reset. */
function forward(draft: EngineTournament, match: Match): void {
  const dropped = droppedIds(draft);
  const loser = match.a && match.b && match.winner ? (match.winner === match.a ? match.b : match.a) : null;
  const put = (ref: Match['winnerTo'], id: string | null) => {
    if (!ref) return;
    const target = findMatch(draft, ref.matchId);
    target[ref.slot] = id;
  };
  put(match.winnerTo, match.winner);
  // A disqualified player is not sent on to lose again: the next opponent simply goes through.
  put(match.loserTo, loser && !dropped.has(loser) ? loser : null);
  const resetId = match.id.replace(/GF1$/, 'GF2');
  if (
    match.bracket === 'grand_final' &&
    match.round === 1 &&
    draft.settings.grandFinalReset &&
    match.a &&
    match.winner === match.b &&
    !dropped.has(match.a) &&
    !draft.matches.some((m) => m.id === resetId)
  ) {
    // The losers'-bracket player has beaten the unbeaten one: both now have a loss, one more match.
    draft.matches.push({ ...blankMatch(resetId, match.stage, 'grand_final', 2, match.a, match.b), status: 'ready' });
  }
}

/**
 * Brings the tournament to rest: matches whose feeders are done become ready, or are settled
 * without play (a bye, a forfeit against a disqualified player, or nobody at all); the groups
 * give way to the elimination; the winner and the standings follow.
 */
function settle(draft: EngineTournament): void {
  if (draft.status === 'registration') return;
  const dropped = droppedIds(draft);
  for (let changed = true; changed; ) {
    changed = false;
    const waiting = new Set<string>();
    for (const m of draft.matches) {
      if (m.status === 'done') continue;
      if (m.winnerTo) waiting.add(m.winnerTo.matchId);
      if (m.loserTo) waiting.add(m.loserTo.matchId);
    }
    for (const m of draft.matches) {
      if (m.status === 'done') continue;
      if (waiting.has(m.id)) {
        m.status = 'pending';
        continue;
      }
      const live = [m.a, m.b].filter((id): id is string => id !== null && !dropped.has(id));
      if (live.length === 2) {
        m.status = 'ready';
        continue;
      }
      m.winner = live[0] ?? null;
      m.forfeit = m.a !== null && m.b !== null && live.length === 1;
      m.scoreA = null;
      m.scoreB = null;
      m.status = 'done';
      delete m.reportedBy;
      forward(draft, m);
      changed = true;
    }
    if (draft.format === 'groups_then_elimination' && !draft.matches.some((m) => m.stage === 2) && draft.matches.every((m) => m.status === 'done')) {
      const qualified = groupTables(draft).flatMap((table) => table.filter((row) => !dropped.has(row.participantId)).slice(0, draft.settings.advancePerGroup).map((row, rank) => ({ id: row.participantId, rank, group: row.group ?? 0 })));
      qualified.sort((x, y) => x.rank - y.rank || x.group - y.group);
      draft.matches.push(...eliminationBracket(qualified.map((q) => q.id), { double: false, thirdPlace: draft.settings.thirdPlace, stage: 2, prefix: 'E-' }));
      changed = true;
    }
  }
  const winnerId = championOf(draft);
  draft.status = winnerId === undefined ? 'running' : 'finished';
  draft.winnerId = winnerId ?? null;
  draft.standings = standings(draft);
  if (draft.status === 'finished' && (draft.format === 'round_robin' || draft.format === 'swiss'))
    // A disqualified player keeps their row in the table but does not win the tournament.
    draft.winnerId = draft.standings.find((row) => !dropped.has(row.participantId))?.participantId ?? null;
}

/** The champion once the tournament is over (null if nobody is left), undefined while it is not. */
function championOf(t: EngineTournament): string | null | undefined {
  if (t.matches.some((m) => m.status !== 'done')) return undefined;
  switch (t.format) {
    case 'round_robin':
      return null;
    case 'swiss':
      return swissRoundToDraw(t) === null ? null : undefined;
    case 'double_elimination': {
      const finals = t.matches.filter((m) => m.bracket === 'grand_final').sort((x, y) => y.round - x.round);
      return finals[0]?.winner ?? null;
    }
    default: {
      const stage = Math.max(...t.matches.map((m) => m.stage));
      if (t.format === 'groups_then_elimination' && stage < 2) return undefined;
      return t.matches.find((m) => m.stage === stage && m.bracket === 'winners' && !m.winnerTo)?.winner ?? null;
    }
  }
}

/** Reopens a played match, provided no match it fed has started; a finished tournament runs again. */
export function undo<T extends EngineTournament>(t: T, matchId: string): EngineResult<T> {
  return change(t, (draft) => {
    if (draft.status === 'registration') refuse('NOT_RUNNING', 'Le tournoi n’a pas encore commencé.');
    const match = findMatch(draft, matchId);
    if (match.status !== 'done' || match.scoreA === null) refuse('MATCH_NOT_DONE', 'Ce match n’a pas de score à annuler.');
    if (match.bracket === 'swiss' && draft.matches.some((m) => m.round > match.round)) refuse('UNDO_BLOCKED', 'La ronde suivante est déjà appariée : ce match ne peut plus être annulé.');
    if (match.stage === 1 && draft.matches.some((m) => m.stage === 2)) {
      if (draft.matches.some((m) => m.stage === 2 && m.scoreA !== null)) refuse('UNDO_BLOCKED', 'La phase finale a commencé : ce match de poule ne peut plus être annulé.');
      draft.matches = draft.matches.filter((m) => m.stage === 1);
    }
    reopen(draft, match);
    match.scoreA = null;
    match.scoreB = null;
    match.winner = null;
    match.confirmed = false;
    match.status = 'ready';
    delete match.reportedBy;
    draft.status = 'running';
  });
}

/** Takes back what a done match sent on, through the matches settled without play that it decided. */
function reopen(draft: EngineTournament, match: Match): void {
  for (const ref of [match.winnerTo, match.loserTo]) {
    if (!ref) continue;
    const target = findMatch(draft, ref.matchId);
    if (target.scoreA !== null) refuse('UNDO_BLOCKED', 'Le match suivant a déjà un score : annulez-le d’abord.');
    if (target.status === 'done') reopen(draft, target);
    target[ref.slot] = null;
    target.winner = null;
    target.forfeit = false;
    target.status = 'pending';
  }
  if (match.bracket === 'grand_final' && match.round === 1) {
    const reset = draft.matches.find((m) => m.bracket === 'grand_final' && m.round === 2 && m.stage === match.stage);
    if (reset?.scoreA != null) refuse('UNDO_BLOCKED', 'La revanche de la grande finale a déjà un score : annulez-la d’abord.');
    draft.matches = draft.matches.filter((m) => m !== reset);
  }
}

/** Puts a participant out: every match left to them is lost by forfeit, and they are paired no more. */
export function disqualify<T extends EngineTournament>(t: T, participantId: string): EngineResult<T> {
  return change(t, (draft) => {
    requireRunning(draft);
    const participant = draft.participants.find((p) => p.id === participantId) ?? refuse('PARTICIPANT_NOT_FOUND', 'Participant introuvable.');
    if (participant.dropped) refuse('ALREADY_DROPPED', `${participant.name} est déjà hors du tournoi.`);
    participant.dropped = true;
  });
}

export const isFinished = (t: EngineTournament): boolean => t.status === 'finished';

/** The table of each group, in group order (the round robin in groups, the first stage of two). */
export function groupTables(t: EngineTournament): Standing[][] {
  const players = playersOf(t);
  const groups = [...new Set(t.matches.flatMap((m) => (m.group === undefined ? [] : [m.group])))].sort((x, y) => x - y);
  return groups.map((group) => {
    const matches = t.matches.filter((m) => m.group === group);
    const members = new Set(matches.flatMap((m) => [m.a, m.b]));
    return pointsTable(players.filter((p) => members.has(p.id)), matches, t.settings.points, group);
  });
}

/**
 * The standings: by points and tiebreaks in a round robin or Swiss; by how far each went in an
 * elimination; in two stages, the elimination's order then the others by their group rank.
 * In groups, `rank` is the rank within the group.
 */
export function standings(t: EngineTournament): Standing[] {
  const players = playersOf(t);
  const { points } = t.settings;
  const byGroupRank = (rows: Standing[]) => rows.sort((x, y) => x.rank - y.rank || compareRows({ ...x, seed: seedOf(t, x) }, { ...y, seed: seedOf(t, y) }));
  switch (t.format) {
    case 'single_elimination':
    case 'double_elimination':
      return eliminationTable(players, t.matches, points, t.winnerId);
    case 'swiss':
      return pointsTable(players, t.matches, points);
    case 'round_robin':
      return t.matches.some((m) => m.group !== undefined) ? byGroupRank(groupTables(t).flat()) : pointsTable(players, t.matches, points);
    case 'groups_then_elimination': {
      const groups = byGroupRank(groupTables(t).flat());
      const final = t.matches.filter((m) => m.stage === 2);
      if (final.length === 0) return groups;
      const finalists = new Set(final.flatMap((m) => [m.a, m.b]));
      const top = eliminationTable(players.filter((p) => finalists.has(p.id)), final, points, t.winnerId);
      const rest = groups.filter((row) => !finalists.has(row.participantId)).map((row, i) => ({ ...row, rank: top.length + i + 1 }));
      return [...top, ...rest];
    }
  }
}

const seedOf = (t: EngineTournament, row: Standing) => t.participants.find((p) => p.id === row.participantId)?.seed ?? Number.MAX_SAFE_INTEGER;

/**
 * A participant's next match (for "my next match" on a phone): the one ready to play, else
 * the first still waiting for them; null once they have nothing left to play.
 */
export function nextMatchOf(t: EngineTournament, participantId: string): Match | null {
  const mine = t.matches.filter((m) => m.status !== 'done' && (m.a === participantId || m.b === participantId));
  return mine.find((m) => m.status === 'ready') ?? mine[0] ?? null;
}

/** Who sits a round out: in a round robin with an odd count, or the Swiss bye. */
export function restingIn(t: EngineTournament, round: number, group?: number): string[] {
  const scope = t.matches.filter((m) => (m.bracket === 'round_robin' || m.bracket === 'group' || m.bracket === 'swiss') && m.group === group);
  const inRound = scope.filter((m) => m.round === round && m.a !== null && m.b !== null).flatMap((m) => [m.a, m.b]);
  const everyone = new Set(scope.flatMap((m) => [m.a, m.b]).filter((id): id is string => id !== null));
  return [...everyone].filter((id) => !inRound.includes(id));
}
