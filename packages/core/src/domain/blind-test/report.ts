import { z } from 'zod';
import type { Game, GameAnswer, GameQuestion } from './blind-test-game.schema';

/*
 * After the podium: who answered what, per question and per player (issue 32), for the host's
 * desk and the staff's CSV. Pure: the server reads the answers from their table and the game
 * from its row, and gives both here.
 */

/** One player on one question: what they answered, right or wrong, how fast, for how many points. */
export const ReportRowSchema = z.object({
  questionIndex: z.number().int().min(0),
  /** The question as the host knows it: its prompt, or a track's title and artist. */
  question: z.string(),
  playerId: z.string(),
  nickname: z.string(),
  /** What was typed or chosen; '' when the player did not answer (or answered aloud on the buzzer). */
  answer: z.string(),
  answered: z.boolean(),
  correct: z.boolean(),
  /** From the question's start to the answer; null without an answer. */
  elapsedMs: z.number().int().min(0).nullable(),
  points: z.number().int(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;
/** The report as the desk reads it (GET /api/blindTests/{id}/report). */
export const GameReportSchema = z.object({ rows: z.array(ReportRowSchema) });
export type GameReport = z.infer<typeof GameReportSchema>;

/** A question's outcome over the room: how many answered it, how many right. */
export interface QuestionOutcome {
  questionIndex: number;
  question: string;
  answered: number;
  correct: number;
  players: number;
}

/** The questions the room found hardest first (fewest right answers for the players present, then the later one), for the desk's report. */
export function hardestQuestions(rows: readonly ReportRow[]): QuestionOutcome[] {
  const byQuestion = new Map<number, QuestionOutcome>();
  for (const row of rows) {
    const outcome = byQuestion.get(row.questionIndex) ?? { questionIndex: row.questionIndex, question: row.question, answered: 0, correct: 0, players: 0 };
    outcome.players += 1;
    if (row.answered) outcome.answered += 1;
    if (row.correct) outcome.correct += 1;
    byQuestion.set(row.questionIndex, outcome);
  }
  const share = (o: QuestionOutcome) => (o.players === 0 ? 0 : o.correct / o.players);
  return [...byQuestion.values()].sort((x, y) => share(x) - share(y) || y.questionIndex - x.questionIndex);
}

/** How a question reads in a report. */
export function questionLabel(question: GameQuestion, index: number): string {
  if (question.prompt.trim()) return question.prompt.trim();
  if (question.kind === 'track') return [question.title, question.artist].filter(Boolean).join(' — ') || `Morceau n° ${index + 1}`;
  return `Question n° ${index + 1}`;
}

const answerText = (question: GameQuestion, answer: GameAnswer): string => {
  if (answer.choice !== undefined) return question.choices[answer.choice] ?? String(answer.choice + 1);
  return answer.text ?? '';
};

/**
 * One row per player and question asked, questions in order, players in the order they joined
 * (kicked players too: their answers were given). A question not yet asked has no rows.
 */
export function gameReport(game: Game, answers: readonly GameAnswer[]): ReportRow[] {
  const byKey = new Map<string, GameAnswer>();
  // A buzzer's player may have a wrong answer then nothing more: one answer per player and question.
  for (const answer of answers) if (!byKey.has(`${answer.questionIndex}:${answer.playerId}`)) byKey.set(`${answer.questionIndex}:${answer.playerId}`, answer);
  const asked = game.status === 'lobby' ? 0 : game.questionIndex + 1;
  const rows: ReportRow[] = [];
  for (let q = 0; q < asked; q++) {
    const question = game.questions[q]!;
    const label = questionLabel(question, q);
    for (const player of game.players) {
      const answer = byKey.get(`${q}:${player.id}`);
      rows.push({
        questionIndex: q,
        question: label,
        playerId: player.id,
        nickname: player.nickname,
        answer: answer ? answerText(question, answer) : '',
        answered: answer !== undefined,
        correct: answer?.correct ?? false,
        elapsedMs: answer ? answer.elapsedMs : null,
        points: answer?.points ?? 0,
      });
    }
  }
  return rows;
}

/** The report's columns, in French, as the CSV's first line. */
export const REPORT_HEADERS = ['Question n°', 'Question', 'Joueur', 'Réponse', 'Juste', 'Temps (ms)', 'Points'] as const;

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report as a spreadsheet opens it: a BOM (Excel reads UTF-8), `;` between cells, CRLF lines. */
export function reportCsv(rows: readonly ReportRow[]): string {
  const lines = rows.map((row) =>
    [row.questionIndex + 1, row.question, row.nickname, row.answer, row.answered ? (row.correct ? 'oui' : 'non') : 'sans réponse', row.elapsedMs ?? '', row.points].map(csvCell).join(';'),
  );
  return `\uFEFF${[REPORT_HEADERS.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`;
}
