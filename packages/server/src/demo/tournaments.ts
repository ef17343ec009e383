import { championshipStandings, runTournamentAction, TournamentInputSchema, type TournamentActionName, type TournamentActor, type TournamentMatch } from '@sortie/core/domain';
import { DEMO_ACCOUNTS, DEMO_IDS, demoId } from './ids';

/*
 * The demo's tournaments, played by core's own actions (the rules the server runs), so that
 * every bracket, standing and champion below is one the engine would have produced. The
 * results are drawn from the match ids: the same demo on every load.
 */

type Tournament = ReturnType<typeof TournamentInputSchema.parse>;
type Rec = Record<string, unknown>;

const STAFF: TournamentActor = { id: DEMO_IDS.users.staff, name: DEMO_ACCOUNTS.staff.displayName, staff: true };
const VISITOR: TournamentActor = { id: DEMO_IDS.users.visitor, name: DEMO_ACCOUNTS.visitor.displayName, staff: false };

export const DEMO_TOURNAMENT_IDS = {
  /** Mario Kart, first leg of the championship: double elimination, 8 players, finished. */
  kartDouble: demoId('tournament:kart-double'),
  /** Mario Kart, second leg: single elimination, 8 players, finished. */
  kartSingle: demoId('tournament:kart-single'),
  /** Darts: Swiss, 12 players, round 2 being played (one score waits for its confirmation). */
  dartsSwiss: demoId('tournament:darts-swiss'),
  /** FIFA: round robin, registrations open (the demo visitor is registered). */
  fifaRoundRobin: demoId('tournament:fifa-round-robin'),
} as const;
export const DEMO_CHAMPIONSHIP = demoId('championship:kart');
/** Points per final rank in the demo championship. */
export const DEMO_CHAMPIONSHIP_SCORING = [10, 6, 4, 3, 2, 1];

const KART_PLAYERS = ['Mario', 'Luigi', 'Peach', 'Toad', 'Yoshi', 'Bowser', 'Daisy', 'Wario'];
const DARTS_PLAYERS = ['Phil', 'Michael', 'Gerwyn', 'Peter', 'Luke', 'Nathan', 'Rob', 'Dimitri', 'Fallon', 'Lisa', 'Beau', 'Anastasia'];
const FIFA_PLAYERS = ['Kylian', 'Aitana', 'Zinedine', 'Wendie'];

function act(state: Tournament, action: TournamentActionName, params: Rec = {}, actor: TournamentActor = STAFF): Tournament {
  return runTournamentAction(action, state, actor, params);
}

function registered(fields: Rec, names: readonly string[]): Tournament {
  return names.reduce((state, name) => act(state, 'addParticipant', { name }), TournamentInputSchema.parse({ ...fields, status: 'registration', matches: [], standings: [], winnerId: null }));
}

/** A small deterministic number from a text (the scores of a match). */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A plausible score: the better seed usually wins, one match in four is an upset; draws only where allowed. */
function scoreOf(state: Tournament, match: TournamentMatch, draws: boolean): { scoreA: number; scoreB: number } {
  const h = hashOf(`${state.name}:${match.id}`);
  const seed = (id: string | null) => state.participants.find((p) => p.id === id)?.seed ?? 99;
  if (draws && h % 7 === 0) return { scoreA: 1, scoreB: 1 };
  const aWins = (seed(match.a) < seed(match.b)) !== (h % 4 === 0);
  const loser = h % 3;
  return aWins ? { scoreA: 3, scoreB: loser } : { scoreA: loser, scoreB: 3 };
}

const playable = (match: TournamentMatch) => match.status === 'ready' && match.a !== null && match.b !== null && match.scoreA === null;

/** Staff enter every playable score (of the matches `only` keeps), `limit` at most. */
function play(state: Tournament, { draws = false, limit = Infinity, only = (_match: TournamentMatch): boolean => true } = {}): Tournament {
  let current = state;
  for (let played = 0; played < limit; played++) {
    const match = current.matches.find((m) => playable(m) && only(m));
    if (!match) break;
    current = act(current, 'reportScore', { matchId: match.id, ...scoreOf(current, match, draws) });
  }
  return current;
}

function kartDouble(): Tournament {
  const state = registered({ name: 'Mario Kart — manche 1', eventId: demoId('event:5'), game: 'Mario Kart 8', format: 'double_elimination', settings: { grandFinalReset: true } }, KART_PLAYERS);
  return play(act(state, 'start'));
}

function kartSingle(): Tournament {
  const state = registered({ name: 'Mario Kart — manche 2', eventId: demoId('event:5'), game: 'Mario Kart 8', format: 'single_elimination', settings: { thirdPlace: true } }, [...KART_PLAYERS].reverse());
  return play(act(state, 'start'));
}

/** Round 1 played, round 2 paired: three scores in, one reported by a player and awaiting the opponent's confirmation. */
function dartsSwiss(): Tournament {
  let state = registered({ name: 'Tournoi de fléchettes', eventId: demoId('event:9'), game: 'Fléchettes (501)', format: 'swiss', settings: { swissRounds: 4 } }, DARTS_PLAYERS.slice(0, 11));
  state = act(state, 'join', { name: DARTS_PLAYERS[11] }, VISITOR);
  state = play(act(state, 'start'), { draws: true });
  const visitorId = state.participants.find((p) => p.userId === VISITOR.id)!.id;
  state = play(act(state, 'nextRound'), { draws: true, limit: 3, only: (m) => m.a !== visitorId && m.b !== visitorId });
  const mine = state.matches.find((m) => playable(m) && (m.a === visitorId || m.b === visitorId));
  if (mine) state = act(state, 'reportScore', { matchId: mine.id, ...scoreOf(state, mine, false) }, VISITOR);
  return state;
}

function fifaRoundRobin(): Tournament {
  const state = registered({ name: 'Tournoi FIFA', eventId: demoId('event:12'), game: 'EA Sports FC', format: 'round_robin', settings: { points: { win: 3, draw: 1, loss: 0 }, maxParticipants: 8 } }, FIFA_PLAYERS);
  return act(state, 'join', {}, VISITOR);
}

/** The demo's tournaments and championship, as `[resource, id, data]`; `kart` is the third leg (DEMO_IDS.tournament, in registration). */
export function demoTournaments(kart: Rec): Array<['tournaments' | 'championships', string, Rec]> {
  const legs = { [DEMO_TOURNAMENT_IDS.kartDouble]: kartDouble(), [DEMO_TOURNAMENT_IDS.kartSingle]: kartSingle() };
  const third = TournamentInputSchema.parse(kart);
  const tournamentIds = [DEMO_TOURNAMENT_IDS.kartDouble, DEMO_TOURNAMENT_IDS.kartSingle, DEMO_IDS.tournament];
  const standings = championshipStandings(DEMO_CHAMPIONSHIP_SCORING, [...Object.values(legs), third]).map(({ participant, points, tournaments }) => ({ participant, points, tournaments }));
  return [
    ...Object.entries(legs).map(([id, data]): ['tournaments', string, Rec] => ['tournaments', id, data]),
    ['tournaments', DEMO_IDS.tournament, third],
    ['tournaments', DEMO_TOURNAMENT_IDS.dartsSwiss, dartsSwiss()],
    ['tournaments', DEMO_TOURNAMENT_IDS.fifaRoundRobin, fifaRoundRobin()],
    ['championships', DEMO_CHAMPIONSHIP, { eventId: demoId('event:5'), name: 'Championnat Mario Kart', tournamentIds, scoring: DEMO_CHAMPIONSHIP_SCORING, standings }],
  ];
}
