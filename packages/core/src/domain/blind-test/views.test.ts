import { describe, expect, it } from 'vitest';
import { GameSchema, type Game } from './blind-test-game.schema';
import { runBlindTestAction, type GameActor } from './blind-test-actions';
import { openGame } from './game';
import { playerView, screenView } from './views';

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
