export * from './tournament-engine.schema';
export * from './tournament-engine.errors';
export { bracketOrder } from './pairings';
export { start, report, confirm, undo, disqualify, nextRound, standings, groupTables, isFinished, playersOf, nextMatchOf, restingIn, swissRoundCount, type ReportOptions } from './engine';
