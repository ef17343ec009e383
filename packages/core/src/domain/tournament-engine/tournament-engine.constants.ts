/*
 * The engine's constants, apart from its zod schemas (type imports only): a page that draws a
 * bracket or explains a refusal with the engine does not download zod.
 */

/** A match's part of the tournament (the schema's BracketSchema is this list). */
export const BRACKETS = ['winners', 'losers', 'grand_final', 'third_place', 'group', 'swiss', 'round_robin'] as const;
export type Bracket = (typeof BRACKETS)[number];

/** The brackets where a match needs a winner: no draw there. */
export const ELIMINATION_BRACKETS: ReadonlySet<Bracket> = new Set<Bracket>(['winners', 'losers', 'grand_final', 'third_place']);

/** Points for a win, a draw and a loss unless the tournament sets its own. */
export const DEFAULT_POINTS = { win: 3, draw: 1, loss: 0 } as const;

/** The most matches a tournament holds: a round robin of 64 (2,016) fits, one of 65 does not. */
export const MAX_MATCHES = 2048;

/** The most participants a tournament holds. */
export const MAX_PARTICIPANTS = 256;

/** The most stations (tables, consoles, boards) a tournament names. */
export const MAX_STATIONS = 64;
