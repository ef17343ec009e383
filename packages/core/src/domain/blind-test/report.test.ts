import { describe, expect, it } from 'vitest';
import { GameSchema, type GameAnswer, type GameQuestionInput } from './blind-test-game.schema';
import { answersAdded, joinGame, kickPlayer, nextQuestion, openGame, startGame, submitAnswer } from './game';
import { gameReport, hardestQuestions, REPORT_HEADERS, reportCsv } from './report';

const T0 = 7_000_000;
const QUESTIONS: GameQuestionInput[] = [
  { id: 'q1', kind: 'choices', prompt: 'Qui chante « La Bohème » ?', choices: ['Brel', 'Aznavour', 'Piaf', 'Brassens'], correctChoice: 1, points: 100, timeLimitMs: 10_000 },
  { id: 'q2', kind: 'track', ask: 'both', title: 'Alors on danse', artist: 'Stromae', points: 100, timeLimitMs: 20_000 },
  { id: 'q3', kind: 'text', prompt: 'Le Boléro ?', answers: ['Ravel'], timeLimitMs: 10_000 },
];

describe('the report of a game', () => {
  it('has one row per player and question asked: the answer, right or wrong, the time and the points; a CSV with French headers, escaped', () => {
    let game = openGame(GameSchema.shape.questions.parse(QUESTIONS), GameSchema.shape.settings.parse({}), '123456');
    for (const [id, nickname] of [['a', 'Aitana'], ['b', '=Bilal; "le roi"'], ['c', 'Chloé']] as const) game = joinGame(game, id, nickname);
    const answers: GameAnswer[] = [];
    const step = (next: typeof game) => {
      answers.push(...answersAdded(game, next));
      game = next;
    };
    step(startGame(game, T0));
    step(submitAnswer(game, 'a', { questionIndex: 0, choice: 1 }, T0 + 2_000));
    step(submitAnswer(game, 'b', { questionIndex: 0, choice: 2 }, T0 + 4_000));
    step(nextQuestion(game, T0 + 10_000));
    step(submitAnswer(game, 'b', { questionIndex: 1, text: 'stromae' }, T0 + 12_000));
    step(kickPlayer(game, 'c'));

    const rows = gameReport(game, answers);
    // Two questions asked, three players each; the third question has not been asked.
    expect(rows.map((r) => [r.questionIndex, r.nickname, r.answer, r.correct, r.elapsedMs, r.points])).toEqual([
      [0, 'Aitana', 'Aznavour', true, 2_000, 90],
      [0, '=Bilal; "le roi"', 'Piaf', false, 4_000, 0],
      [0, 'Chloé', '', false, null, 0],
      [1, 'Aitana', '', false, null, 0],
      [1, '=Bilal; "le roi"', 'stromae', true, 2_000, 48],
      [1, 'Chloé', '', false, null, 0],
    ]);
    expect(rows[3]!.question).toBe('Alors on danse — Stromae');

    const csv = reportCsv(rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(REPORT_HEADERS.join(';'));
    expect(lines[0]).toBe('Question n°;Question;Joueur;Réponse;Juste;Temps (ms);Points');
    expect(lines[1]).toBe('1;Qui chante « La Bohème » ?;Aitana;Aznavour;oui;2000;90');
    // A nickname with a formula's sign, a separator and quotes: defused and quoted.
    expect(lines[2]).toBe(`1;Qui chante « La Bohème » ?;"'=Bilal; ""le roi""";Piaf;non;4000;0`);
    expect(lines[3]).toBe('1;Qui chante « La Bohème » ?;Chloé;;sans réponse;;0');
    expect(lines).toHaveLength(rows.length + 2);
  });
});

describe('the hardest questions', () => {
  const row = (questionIndex: number, playerId: string, correct: boolean, answered = true) => ({ questionIndex, question: `Question ${questionIndex + 1}`, playerId, nickname: playerId, answer: answered ? 'x' : '', answered, correct, elapsedMs: answered ? 1000 : null, points: correct ? 100 : 0 });

  it('come first by the fewest right answers for the players present, the later question first when level', () => {
    const rows = [row(0, 'a', true), row(0, 'b', true), row(1, 'a', false), row(1, 'b', false, false), row(2, 'a', true), row(2, 'b', false), row(3, 'a', false), row(3, 'b', false)];
    expect(hardestQuestions(rows).map((q) => `${q.questionIndex + 1}: ${q.correct}/${q.players} (${q.answered} réponses)`)).toEqual(['4: 0/2 (2 réponses)', '2: 0/2 (1 réponses)', '3: 1/2 (2 réponses)', '1: 2/2 (2 réponses)']);
    expect(hardestQuestions([])).toEqual([]);
  });
});
