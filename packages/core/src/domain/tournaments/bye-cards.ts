import type { EngineTournament, Match } from '../tournament-engine/tournament-engine.schema';
import { bracketSections, type BracketSection } from './tournament-layout';

/*
 * Byes. The engine pads an elimination bracket to a power of two: the empty slots of round 1
 * are byes for the top seeds, and in double elimination their missing losers leave losers'
 * matches with nobody on either side, settled at once. A screen shows a player's bye (they go
 * through), never such an empty match (« Exempt / Exempt — Joué »).
 */

/** A match settled with nobody on either side: padding, not a match anyone plays. */
export const isByeAgainstBye = (m: Match): boolean => m.status === 'done' && m.a === null && m.b === null;

/** A player who goes through without playing: their opponent's slot is empty. */
export const isBye = (m: Match): boolean => m.status === 'done' && (m.a === null) !== (m.b === null) && !m.forfeit;

/** The sections a screen draws: `bracketSections` without the bye-against-bye matches (a round they would leave empty is not drawn). */
export function shownSections(t: Pick<EngineTournament, 'matches'>): BracketSection[] {
  return bracketSections({ matches: t.matches.filter((m) => !isByeAgainstBye(m)) });
}
