/*
 * What a tournament's edit form (REST PATCH, the dashboard's form) may change: its settings only.
 * The bracket changes through the tournament's actions (score, cancel…), and the format only
 * while registration is open. The server refuses the rest; the dashboard hides or disables it.
 */
import { sameJson } from '../same-json';

/** The fields that hold the bracket: never written by the edit form. */
export const TOURNAMENT_BRACKET_FIELDS = ['participants', 'matches', 'standings', 'winnerId', 'status'] as const;

export const BRACKET_EDIT_REFUSED = 'Le tableau ne change que par les actions du tournoi (score, annulation…).';
export const FORMAT_LOCKED = 'Le format ne change plus une fois les inscriptions closes.';

/** Whether the format may still change: only while registration is open. */
export const formatEditable = (status: unknown): boolean => status === undefined || status === 'registration';

/**
 * Why a patch of a stored tournament is refused, in French, or null when it may go through.
 * A patch that sends back the bracket as stored (a record read then saved whole) changes nothing
 * and is not refused; the participants may change while registration is open; `status` and `winnerId` are kept by the server whatever the patch says.
 */
export function tournamentEditRefusal(stored: Record<string, unknown>, patch: Record<string, unknown>): string | null {
  const changes = (key: string) => key in patch && patch[key] !== undefined && !sameJson(patch[key], stored[key] ?? []);
  if (changes('matches') || changes('standings')) return BRACKET_EDIT_REFUSED;
  // The list of players is the registration's until it closes; then it is the bracket's.
  if (changes('participants') && !formatEditable(stored['status'])) return BRACKET_EDIT_REFUSED;
  if ('format' in patch && patch['format'] !== undefined && patch['format'] !== stored['format'] && !formatEditable(stored['status'])) return FORMAT_LOCKED;
  return null;
}
