import { describe, expect, it } from 'vitest';
import { GameSchema, type Game } from './blind-test-game.schema';
import { runBlindTestAction, type GameActor } from './blind-test-actions';
import { openGame } from './game';
import { playerView, playerViews, screenView } from './views';

const T0 = 5_000_000;
const hostActor: GameActor = { role: 'host' };
const player = (id: string): GameActor => ({ role: 'player', playerId: id });
const visitor = (id: string): GameActor => ({ role: 'visitor', playerId: id });

function lobby(): Game {
  const questions = GameSchema.shape.questions.parse([
    { id: 'q1', kind: 'choices', prompt: 'La capitale de la Bretagne ?', choices: ['Nantes', 'Rennes', 'Brest', 'Vannes'], correctChoice: 1, timeLimitMs: 10_000 },
    { id: 'q2', kind: 'text', prompt: 'Le chanteur de « Formidable » ?', answers: ['Stromae'], timeLimitMs: 10_000 },
  ]);
  let game = openGame(questions, GameSchema.shape.settings.parse({}), '424242');
  game = runBlindTestAction('join', game, visitor('a'), { code: '424242', nickname: 'Léa' }, { now: T0 });
  return runBlindTestAction('join', game, visitor('b'), { code: '424242', nickname: 'Noé' }, { now: T0 });
}

describe('what the screens show', () => {
  it('hides the right answer until the reveal, then shows it with each player’s result', () => {
    let game = runBlindTestAction('start', lobby(), hostActor, {}, { now: T0 });
    game = runBlindTestAction('answer', game, player('a'), { questionIndex: 0, choice: 1 }, { now: T0 + 1_000 });
    const during = screenView(game, T0 + 4_000);
    expect(during).toMatchObject({ status: 'question', answerCount: 1, timeLeftMs: 6_000, question: { mode: 'choices', choices: ['Nantes', 'Rennes', 'Brest', 'Vannes'] } });
    expect(during.question!.solution).toBeUndefined();
    expect(JSON.stringify(playerView(game, 'a', T0))).not.toContain('correctChoice');
    expect(playerView(game, 'a', T0).me).toMatchObject({ answered: true, nickname: 'Léa' });
    expect(playerView(game, 'a', T0).me!.result).toBeUndefined();
    game = runBlindTestAction('reveal', game, hostActor, {}, { now: T0 + 10_000 });
    expect(screenView(game, T0).question!.solution).toMatchObject({ correctChoice: 1 });
    expect(playerView(game, 'a', T0).me).toMatchObject({ rank: 1, result: { correct: true, points: 95 } });
    expect(playerView(game, 'b', T0).me).toMatchObject({ rank: 2, answered: false });
    expect(playerView(game, 'stranger', T0).me).toBeNull();
  });

  it('refuses in French what a role may not do', () => {
    const game = lobby();
    expect(() => runBlindTestAction('start', game, player('a'), {}, { now: T0 })).toThrow('Réservé à l’animateur de la partie.');
    expect(() => runBlindTestAction('answer', game, visitor('z'), { questionIndex: 0, choice: 1 }, { now: T0 })).toThrow('Rejoignez d’abord la partie avec son code.');
    expect(() => runBlindTestAction('join', game, visitor('z'), { code: '000000', nickname: 'Zoé' }, { now: T0 })).toThrow('Ce code ne correspond à aucune partie en cours.');
    expect(() => runBlindTestAction('join', game, visitor('z'), { code: 'abc', nickname: 'Zoé' }, { now: T0 })).toThrow('Entrez le code à 6 chiffres');
    expect(() => runBlindTestAction('judge', game, hostActor, { playerId: 'a' }, { now: T0 })).toThrow('Jugement invalide');
    expect(() => runBlindTestAction('answer', game, null, {}, { now: T0 })).toThrow('rejoignez d’abord la partie');
  });
});

describe('every phone’s view at once', () => {
  /** `count` players named J01…, the first `right` of them answering right, a tenth of a second apart, the last one wrong. */
  function crowd(count: number, right: number): Game {
    const questions = GameSchema.shape.questions.parse([{ id: 'q1', kind: 'choices', prompt: 'La capitale de la Bretagne ?', choices: ['Nantes', 'Rennes', 'Brest', 'Vannes'], correctChoice: 1, timeLimitMs: 60_000 }]);
    let game = openGame(questions, GameSchema.shape.settings.parse({}), '424242');
    for (let i = 1; i <= count; i += 1) game = runBlindTestAction('join', game, visitor(`p${i}`), { code: '424242', nickname: `J${String(i).padStart(2, '0')}` }, { now: T0 });
    game = runBlindTestAction('start', game, hostActor, {}, { now: T0 });
    for (let i = 1; i <= right; i += 1) game = runBlindTestAction('answer', game, player(`p${i}`), { questionIndex: 0, choice: 1 }, { now: T0 + i * 100 });
    game = runBlindTestAction('answer', game, player(`p${count}`), { questionIndex: 0, choice: 0 }, { now: T0 + 30_000 });
    return game;
  }

  it('gives each player the view playerView gives, with the leaderboard cut to the top N and the players counted, not listed', () => {
    const game = runBlindTestAction('reveal', crowd(30, 20), hostActor, {}, { now: T0 + 40_000 });
    const ids = game.players.map((p) => p.id);
    const views = playerViews(game, T0 + 41_000, [...ids, 'stranger'], { top: 10 });
    for (const id of ids) {
      const one = playerView(game, id, T0 + 41_000);
      expect(views.get(id)).toEqual({ ...one, players: [], leaderboard: one.leaderboard.slice(0, 10) });
      expect(views.get(id)!.playerCount).toBe(30);
    }
    expect(views.get('p1')!.leaderboard.map((r) => r.nickname)).toEqual(['J01', 'J02', 'J03', 'J04', 'J05', 'J06', 'J07', 'J08', 'J09', 'J10']);
    // Rank 20 is out of the top 10 but still knows its rank, score and result.
    expect(views.get('p20')!.me).toMatchObject({ rank: 20, answered: true, result: { correct: true } });
    expect(views.get('p30')!.me).toMatchObject({ answered: true, result: { correct: false, points: 0 } });
    expect(views.get('p25')!.me).toMatchObject({ answered: false });
    expect(views.get('p25')!.me!.result).toBeUndefined();
    expect(views.get('stranger')).toMatchObject({ me: null, leaderboard: expect.any(Array) });
  });

  it('makes the screen’s view and the leaderboard once for all the phones', () => {
    const game = crowd(300, 250);
    const views = playerViews(game, T0 + 31_000, game.players.map((p) => p.id), { top: 10 });
    expect(views.size).toBe(300);
    const [first, second] = [views.get('p1')!, views.get('p299')!];
    expect(first.leaderboard).toBe(second.leaderboard);
    expect(first.question).toBe(second.question);
    expect(first.leaderboard).toHaveLength(10);
    expect(first).toMatchObject({ answerCount: 251, timeLeftMs: 29_000, status: 'question' });
    expect(first.me).toMatchObject({ rank: 1, answered: true });
    expect(first.me!.result).toBeUndefined();
    expect(views.get('p299')!.me).toMatchObject({ answered: false, rank: 299 });
  });

  it('keeps the whole leaderboard without `top`, and a top of 0 sends none', () => {
    const game = crowd(12, 3);
    expect(playerViews(game, T0, ['p1']).get('p1')!.leaderboard).toHaveLength(12);
    expect(playerViews(game, T0, ['p1'], { top: 0 }).get('p1')!.leaderboard).toEqual([]);
  });
});
