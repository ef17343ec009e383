import { describe, expect, it } from 'vitest';
import { GameSchema } from './blind-test-game.schema';
import { runBlindTestAction } from './blind-test-actions';
import { autoRevealAt, joinGame, pauseGame, resumeGame, startGame } from './game';

const question = { id: 'q1', kind: 'text', prompt: 'Capitale ?', answers: ['Paris'], timeLimitMs: 20_000 } as const;
const playing = (autoReveal: boolean) => startGame(joinGame(GameSchema.parse({ code: '123456', questions: [question, { ...question, id: 'q2' }], settings: { autoReveal } }), 'a', 'Aitana'), 1_000);

describe('the automatic reveal', () => {
  it('is due at the question’s deadline when the host chose it, never otherwise', () => {
    expect(autoRevealAt(playing(true))).toBe(21_000);
    expect(autoRevealAt(playing(false))).toBeNull();
    expect(autoRevealAt(null)).toBeNull();
  });

  it('waits while the game is paused, and the deadline moves by the pause', () => {
    const paused = pauseGame(playing(true), 5_000);
    expect(autoRevealAt(paused)).toBeNull();
    expect(autoRevealAt(resumeGame(paused, 8_000))).toBe(24_000);
  });

  it('reveals at the deadline, and is refused before it or once revealed (another node, or the host, was first)', () => {
    const game = playing(true);
    const run = (g: typeof game, now: number) => runBlindTestAction('autoReveal', g, { role: 'host' }, {}, { now });
    expect(() => run(game, 20_999)).toThrow('Pas de révélation automatique à faire maintenant.');
    const revealed = run(game, 21_000);
    expect(revealed.status).toBe('reveal');
    expect(() => run(revealed, 22_000)).toThrow('Pas de révélation automatique à faire maintenant.');
    expect(() => run(playing(false), 30_000)).toThrow('Pas de révélation automatique à faire maintenant.');
  });
});
