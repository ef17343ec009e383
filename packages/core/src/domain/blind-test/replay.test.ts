import { describe, expect, it } from 'vitest';
import { GameSchema } from './blind-test-game.schema';
import { runBlindTestAction } from './blind-test-actions';
import { endGame, joinGame, kickPlayer, replayGame, startGame, submitAnswer } from './game';
import { playerView } from './views';

const question = { id: 'q1', kind: 'text', prompt: 'Capitale ?', answers: ['Paris'] } as const;

describe('« Rejouer »', () => {
  it('starts the same game again with the same players at zero, in the lobby, under the same code; a kicked player stays out', () => {
    let g = GameSchema.parse({ code: '123456', questions: [question], settings: { teams: ['Rouges', 'Bleus'] } });
    g = joinGame(joinGame(joinGame(g, 'a', 'Aitana', 'Bleus'), 'b', 'Luigi'), 'c', 'Alex');
    g = kickPlayer(g, 'c');
    g = submitAnswer(startGame(g, 0), 'a', { questionIndex: 0, text: 'Paris' }, 1_000);
    g = endGame(g);
    expect(g.players.find((p) => p.id === 'a')!.score).toBeGreaterThan(0);
    const again = runBlindTestAction('replay', g, { role: 'host' }, {}, { now: 5_000 });
    expect(again).toMatchObject({ status: 'lobby', code: '123456', round: 2, questionIndex: -1, answers: [] });
    expect(again.players.map((p) => `${p.nickname}:${p.team}:${p.score}:${p.kicked}`)).toEqual(['Aitana:Bleus:0:false', 'Luigi:Rouges:0:false', 'Alex:Rouges:0:true']);
    expect(playerView(again, 'a', 5_000).me).toMatchObject({ nickname: 'Aitana', score: 0, answered: false });
    expect(() => replayGame(again)).toThrow('On ne rejoue qu’une partie terminée.');
  });
});
