import { acceptedForms, plural, BlindTestRefusal, BlindTestSessionError, runBlindTestAction, type BlindTestActionName, type Game, type GameQuestion, type QuestionView } from '@sortie/core';
import { apiErrorMessage } from '../../data/api-error-message';

/** The French sentence of a failed load: the socket's refusals are already French. */
export function blindTestErrorMessage(error: unknown): string {
  if (error instanceof BlindTestSessionError) return error.message;
  return apiErrorMessage(error);
}

/** Whole seconds left, rounded up: « 0 » only once time is really up. */
export const secondsLeft = (ms: number): number => Math.ceil(Math.max(0, ms) / 1000);

/** The countdown as the host reads it: « 27 s » (a no-break space, the unit in lower case). */
export const countdownText = (ms: number): string => `${secondsLeft(ms)}\u00a0s`;

/** « 1 réponse », « 3 réponses »: core's French plural. */
export { plural };

/** « 0 pt », « 1 pt », « 95 pts », « -20 pts »: core's French plural, 0 and 1 in the singular. */
export const pointsText = (points: number): string => plural(points, 'pt', 'pts');

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

/** One line of the answer the host expects: what is asked, the answer, and the other forms accepted. */
export interface ExpectedLine {
  label: string;
  answer: string;
  variants: string[];
}

/** The other forms a player may type for these answers (core's matching), the first one left out. */
const variantsOf = (answers: readonly string[]): string[] => {
  const all = [...new Set(answers.flatMap((answer) => [answer.trim(), ...acceptedForms(answer)]))];
  return all.filter((form) => form !== answers[0]?.trim());
};

/**
 * The expected answer of a question, for the host's eyes only before the reveal: the title
 * and/or the artist asked for a track, the right choice, or a text question's accepted answers.
 */
export function expectedAnswer(question: GameQuestion): ExpectedLine[] {
  if (question.kind === 'choices') {
    const index = question.correctChoice;
    const choice = index === undefined ? undefined : question.choices[index];
    return choice === undefined ? [] : [{ label: 'Bon choix', answer: `${CHOICE_STYLES[index!]?.shape ?? ''} ${choice}`.trim(), variants: [] }];
  }
  if (question.kind === 'text') {
    const [first] = question.answers;
    return first === undefined ? [] : [{ label: 'Réponse', answer: first, variants: variantsOf(question.answers) }];
  }
  const lines: ExpectedLine[] = [];
  if (question.ask !== 'artist' && question.title) lines.push({ label: 'Titre', answer: question.title, variants: variantsOf([question.title]) });
  if (question.ask !== 'title' && question.artist) lines.push({ label: 'Artiste', answer: question.artist, variants: variantsOf([question.artist]) });
  return lines;
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
