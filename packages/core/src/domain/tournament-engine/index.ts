/**
 * The tournament engine: one model for single and double elimination, round robin (in groups
 * or not), Swiss, and groups then elimination. Pure: every operation takes a tournament and
 * returns `{ ok: true, tournament }` (a new object) or `{ ok: false, error }` with a code and a
 * French message. The server runs it as the authority; web and CLI read the same functions.
 */
export * from './tournament-engine.schema';
export * from './tournament-engine.errors';
export * from './tournament-engine.constants';
export { bracketOrder } from './pairings';
export { start, report, confirm, undo, disqualify, nextRound, latestRound, swissRoundToDraw, standings, groupTables, isFinished, playersOf, nextMatchOf, restingIn, swissRoundCount, type ReportOptions } from './engine';
