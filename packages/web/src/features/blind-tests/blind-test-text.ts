import { BlindTestRefusal, BlindTestSessionError, runBlindTestAction, type BlindTestActionName, type Game, type QuestionView } from '@sortie/core';
import { apiErrorMessage } from '../../data/api-error-message';

/** The French sentence of a failed load: the socket's refusals are already French. */
export function blindTestErrorMessage(error: unknown): string {
  if (error instanceof BlindTestSessionError) return error.message;
  return apiErrorMessage(error);
}

/** Whole seconds left, rounded up: « 0 » only once time is really up. */
export const secondsLeft = (ms: number): number => Math.ceil(Math.max(0, ms) / 1000);

/** « 1 réponse », « 3 réponses »: core's French plural. */
export { plural } from '@sortie/core';

/** « 1er », « 2e »… */
export const rankText = (rank: number): string => (rank === 1 ? '1er' : `${rank}e`);

/** The four answers' colours and shapes, the same on the screen and on the phones. */
export const CHOICE_STYLES = [
  { shape: '▲', className: 'bg-red-700 text-white' },
  { shape: '◆', className: 'bg-blue-700 text-white' },
  { shape: '●', className: 'bg-yellow-400 text-black' },
  { shape: '■', className: 'bg-green-700 text-white' },
] as const;

/** What a question asks, as the screen and the phone put it. */
export function questionText(question: QuestionView): string {
  if (question.kind !== 'track') return question.prompt;
  if (question.prompt) return question.prompt;
  return { title: 'Quel est le titre de ce morceau ?', artist: 'Qui chante ce morceau ?', both: 'Quel est ce morceau, et qui le chante ?' }[question.ask];
}

/** The label of a phone's answer box. */
export function answerLabel(question: QuestionView): string {
  if (question.kind !== 'track') return 'Votre réponse';
  return { title: 'Titre du morceau', artist: 'Artiste', both: 'Titre et artiste' }[question.ask];
}

/** The right answer, in one line: « Alors on danse — Stromae », the right choice, or the first accepted answer. */
export function solutionText(question: QuestionView): string | null {
  const solution = question.solution;
  if (!solution) return null;
  if (question.kind === 'choices' && solution.correctChoice !== undefined) return question.choices[solution.correctChoice] ?? null;
  if (question.kind === 'track') return [solution.title, solution.artist].filter(Boolean).join(' — ') || null;
  return solution.answers[0] ?? null;
}

/** Whether core's rules let the host run `action` on this game now, or their French reason: the server's own check. */
export function hostRefusal(action: BlindTestActionName, game: Game, params: Record<string, unknown> = {}, now = Date.now()): string | null {
  try {
    runBlindTestAction(action, game, { role: 'host' }, params, { now });
    return null;
  } catch (error) {
    if (error instanceof BlindTestRefusal) return error.message;
    throw error;
  }
}
