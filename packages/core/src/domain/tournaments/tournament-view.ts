import { nextMatchOf } from '../tournament-engine/engine';
import type { EngineTournament, Match, Participant } from '../tournament-engine/tournament-engine.schema';

/*
 * What a page or the CLI reads off a tournament for one person: pure, shared by the server's
 * rules (who may report, who confirms) and by the screens that explain them.
 */

/** The participant a signed-in user registered as, if any. */
export function participantOfUser(t: Pick<EngineTournament, 'participants'>, userId: string | null | undefined): Participant | undefined {
  return userId ? t.participants.find((p) => p.userId === userId) : undefined;
}

/** A participant's name, « Exempt » for an empty slot, « À déterminer » for one not yet known. */
export function participantName(t: Pick<EngineTournament, 'participants'>, id: string | null, settled = false): string {
  if (id === null) return settled ? 'Exempt' : 'À déterminer';
  return t.participants.find((p) => p.id === id)?.name ?? 'Joueur inconnu';
}

/** The other side of a match for `participantId`, or null (a bye, or not their match). */
export function opponentOf(match: Match, participantId: string): string | null {
  if (match.a === participantId) return match.b;
  if (match.b === participantId) return match.a;
  return null;
}

/** Whether `participantId` plays in `match`. */
export const playsIn = (match: Match, participantId: string): boolean => match.a === participantId || match.b === participantId;

/**
 * A score waiting for confirmation that `participantId` is the one to confirm: reported by
 * their opponent, not by themself.
 */
export function awaitsConfirmationFrom(match: Match, participantId: string): boolean {
  return match.status === 'ready' && match.scoreA !== null && !match.confirmed && playsIn(match, participantId) && match.reportedBy !== participantId;
}

/** A user's next match, with their opponent: what a phone shows first. */
export function myNextMatch(t: EngineTournament, userId: string | null | undefined): { match: Match; me: Participant; opponentId: string | null } | null {
  const me = participantOfUser(t, userId);
  if (!me) return null;
  const match = nextMatchOf(t, me.id);
  return match ? { match, me, opponentId: opponentOf(match, me.id) } : null;
}
