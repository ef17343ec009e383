import { describe, expect, it } from 'vitest';
import { GameSchema, type Game, type GameQuestionInput, type GameSettings } from './blind-test-game.schema';
import { BlindTestRefusal } from './blind-test.errors';
import {
  answerCount,
  buzz,
  endGame,
  joinGame,
  judgeBuzz,
  kickPlayer,
  leaderboard,
  nextQuestion,
  openGame,
  pauseGame,
  pointsFor,
  resumeGame,
  revealAnswers,
  startGame,
  submitAnswer,
  timeLeft,
} from './game';

const QUESTIONS: GameQuestionInput[] = [
  { id: 'q1', kind: 'track', title: 'Alors on danse', artist: 'Stromae', ask: 'both', points: 100, timeLimitMs: 20_000 },
  { id: 'q2', kind: 'choices', prompt: 'Qui chante « La Bohème » ?', choices: ['Brel', 'Aznavour', 'Piaf', 'Brassens'], correctChoice: 1, points: 100, timeLimitMs: 10_000 },
  { id: 'q3', kind: 'text', prompt: 'Le groupe de « Bohemian Rhapsody » ?', answers: ['Queen'], points: 50, timeLimitMs: 10_000 },
];

function game(settings: Partial<GameSettings> = {}, players = ['Léa', 'Noé', 'Ana']): Game {
  let g = openGame(GameSchema.shape.questions.parse(QUESTIONS), GameSchema.shape.settings.parse(settings), '123456');
  players.forEach((name, i) => (g = joinGame(g, `p${i + 1}`, name)));
  return g;
}
const T0 = 1_000_000;

describe('a blind test’s game', () => {
  it('plays lobby → questions → reveal → podium, scoring by the server’s time', () => {
    let g = startGame(game(), T0);
    expect(g).toMatchObject({ status: 'question', questionIndex: 0, deadline: T0 + 20_000 });
    g = submitAnswer(g, 'p1', { questionIndex: 0, text: 'Stromae - Alors on danse' }, T0 + 2_000);
    g = submitAnswer(g, 'p2', { questionIndex: 0, text: 'stromae' }, T0 + 10_000);
    g = submitAnswer(g, 'p3', { questionIndex: 0, text: 'Angèle' }, T0 + 1_000);
    expect(answerCount(g)).toBe(3);
    g = revealAnswers(g, T0 + 20_000);
    // Léa named both in one box after 2 s: 100 × (1 − 0.5 × 0.1) = 95; Noé only the artist at half time: 50 × 0.75.
    expect(g.players.map((p) => [p.nickname, p.score])).toEqual([['Léa', 95], ['Noé', 38], ['Ana', 0]]);
    g = nextQuestion(g, T0 + 30_000);
    g = submitAnswer(g, 'p3', { questionIndex: 1, choice: 1 }, T0 + 30_000);
    g = submitAnswer(g, 'p1', { questionIndex: 1, choice: 0 }, T0 + 31_000);
    g = nextQuestion(nextQuestion(g, T0 + 45_000), T0 + 60_000);
    expect(g.status).toBe('podium');
    expect(leaderboard(g).map((r) => [r.nickname, r.score, r.rank])).toEqual([['Ana', 100, 1], ['Léa', 95, 2], ['Noé', 38, 3]]);
  });

  it('takes one answer per player per question, and refuses a late one or one for another question', () => {
    let g = startGame(game(), T0);
    g = submitAnswer(g, 'p1', { questionIndex: 0, text: 'Stromae' }, T0 + 1_000);
    expect(() => submitAnswer(g, 'p1', { questionIndex: 0, text: 'Alors on danse' }, T0 + 2_000)).toThrow('Vous avez déjà répondu à cette question.');
    expect(() => submitAnswer(g, 'p2', { questionIndex: 0, text: 'Stromae' }, T0 + 20_001)).toThrow('Trop tard : le temps est écoulé.');
    expect(() => submitAnswer(g, 'p2', { questionIndex: 1, choice: 1 }, T0 + 1_000)).toThrow('Cette question est close.');
    expect(() => submitAnswer(g, 'intrus', { questionIndex: 0, text: 'x' }, T0)).toThrow(BlindTestRefusal);
  });

  it('stops the clock during a pause', () => {
    let g = pauseGame(startGame(game(), T0), T0 + 5_000);
    expect(timeLeft(g, T0 + 50_000)).toBe(15_000);
    expect(() => submitAnswer(g, 'p1', { questionIndex: 0, text: 'Stromae' }, T0 + 6_000)).toThrow('La partie est en pause.');
    g = resumeGame(g, T0 + 65_000);
    expect(g.deadline).toBe(T0 + 80_000);
    // 60 s of pause do not count as time taken: 5 s in of 20 s.
    g = submitAnswer(g, 'p1', { questionIndex: 0, text: 'Alors on danse' }, T0 + 65_000);
    expect(g.answers[0]).toMatchObject({ elapsedMs: 5_000, points: 44 });
  });

  it('breaks a tie on the podium by the total answer time', () => {
    let g = startGame(game({ slowestShare: 1 }), T0);
    g = submitAnswer(g, 'p1', { questionIndex: 0, text: 'Stromae Alors on danse' }, T0 + 9_000);
    g = submitAnswer(g, 'p2', { questionIndex: 0, text: 'Alors on danse Stromae' }, T0 + 3_000);
    expect(leaderboard(g).slice(0, 2).map((r) => [r.nickname, r.score])).toEqual([['Noé', 100], ['Léa', 100]]);
  });

  it('adds a streak bonus from the second right answer in a row', () => {
    let g = startGame(game({ streakBonus: 10, slowestShare: 1 }), T0);
    g = submitAnswer(g, 'p1', { questionIndex: 0, text: 'Stromae Alors on danse' }, T0);
    g = nextQuestion(g, T0 + 20_000);
    g = submitAnswer(g, 'p1', { questionIndex: 1, choice: 1 }, T0 + 21_000);
    expect(g.players[0]!.score).toBe(100 + 110);
  });
});

describe('the buzzer', () => {
  it('gives the floor in the order the server received the buzzes, and passes it on a wrong answer', () => {
    let g = startGame(game({ mode: 'buzzer', wrongBuzzPenalty: 20 }), T0);
    expect(() => submitAnswer(g, 'p1', { questionIndex: 0, text: 'x' }, T0)).toThrow('on buzze puis on répond à voix haute');
    g = buzz(g, 'p2', 0, T0 + 3_000);
    g = buzz(g, 'p1', 0, T0 + 3_001);
    expect(() => buzz(g, 'p2', 0, T0 + 3_002)).toThrow('Vous avez déjà buzzé.');
    expect(g.buzzer.turn).toBe('p2');
    expect(() => judgeBuzz(g, 'p1', true, T0 + 4_000)).toThrow('Ce joueur n’a pas la main.');
    g = judgeBuzz(g, 'p2', false, T0 + 5_000);
    expect(g.buzzer.turn).toBe('p1');
    expect(g.players.find((p) => p.id === 'p2')!.score).toBe(0);
    g = judgeBuzz(g, 'p1', true, T0 + 6_000);
    expect(g.status).toBe('reveal');
    // Timed at the buzz (3.001 s of 20), not at the judgement.
    expect(g.players.find((p) => p.id === 'p1')!.score).toBe(pointsFor(100, 3_001, 20_000, 0.5));
  });
});

describe('players', () => {
  it('keeps nicknames unique and clean, and lets a phone that comes back keep its player', () => {
    let g = game();
    expect(() => joinGame(g, 'p9', 'LÉA')).toThrow('« LÉA » est déjà pris');
    expect(() => joinGame(g, 'p9', 'c0nnard')).toThrow('Ce pseudo n’est pas accepté');
    expect(() => joinGame(g, 'p9', 'x')).toThrow('de 2 à 24 caractères');
    g = joinGame(g, 'p1', 'Léa');
    expect(g.players).toHaveLength(3);
  });

  it('takes a kicked player off the board for good', () => {
    let g = kickPlayer(game(), 'p2');
    expect(leaderboard(g).map((r) => r.nickname)).toEqual(['Ana', 'Léa']);
    expect(() => joinGame(g, 'p2', 'Noé bis')).toThrow('L’animateur vous a retiré de la partie.');
    g = endGame(g);
    expect(() => joinGame(g, 'p7', 'Zoé')).toThrow('La partie est terminée.');
  });

  it('refuses to start without players or questions', () => {
    expect(() => startGame(game({}, []), T0)).toThrow('Aucun joueur n’a encore rejoint la partie.');
    expect(() => openGame([], GameSchema.shape.settings.parse({}), '123456')).toThrow('aucune question');
  });
});
