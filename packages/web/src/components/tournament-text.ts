import { capitalise, TOURNAMENT_FORMAT_LABELS, TOURNAMENT_STATUS_LABELS, TournamentError, type Tournament } from '@sortie/core';
import { apiErrorMessage } from '../data/api-error-message';

export const statusText = (status: Tournament['status']): string => capitalise(TOURNAMENT_STATUS_LABELS[status]);
export const formatText = (format: Tournament['format']): string => capitalise(TOURNAMENT_FORMAT_LABELS[format]);

/** « 6 participants », without the dropped ones. */
export function participantCount(t: Pick<Tournament, 'participants'>): string {
  const count = t.participants.filter((p) => !p.dropped).length;
  return `${count} participant${count > 1 ? 's' : ''}`;
}

/** The French sentence for a failed load: the socket's refusals are already French, API failures get the app's wording. */
export function tournamentErrorMessage(error: unknown): string {
  if (error instanceof TournamentError) return error.message;
  return apiErrorMessage(error);
}
