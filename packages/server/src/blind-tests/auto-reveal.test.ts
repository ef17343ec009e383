import { describe, expect, it } from 'vitest';
import { GameSchema, joinGame, pauseGame, resumeGame, startGame, type Game } from '@sortie/core/domain';
import { AutoReveal, type RevealTimers } from './auto-reveal';
import type { BlindTestState } from './blind-test-rows';

/** Timers on a clock the test moves. */
class FakeTimers implements RevealTimers {
  now = 0;
  private next = 1;
  readonly pending = new Map<number, { at: number; run: () => void }>();
  setTimeout(run: () => void, ms: number) {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, run });
    return { id, unref: () => undefined };
  }
  clearTimeout(timer: unknown) {
    this.pending.delete((timer as { id: number }).id);
  }
  advance(ms: number) {
    this.now += ms;
    for (const [id, { at, run }] of [...this.pending]) {
      if (at > this.now) continue;
      this.pending.delete(id);
      run();
    }
  }
}

const question = { id: 'q1', kind: 'text', prompt: 'Capitale ?', answers: ['Paris'], timeLimitMs: 20_000 } as const;
const state = (game: Game | null): BlindTestState => ({ id: 'bt1', record: { title: 'Quiz', questionIds: [], status: 'live', mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0, teams: [], teamScore: 'mean', autoReveal: true }, game });

describe('the server’s automatic reveal', () => {
  const setUp = () => {
    const clock = new FakeTimers();
    const reveals: string[] = [];
    const auto = new AutoReveal(async (id) => void reveals.push(id), () => clock.now, clock);
    const game = startGame(joinGame(GameSchema.parse({ code: '123456', questions: [question], settings: { autoReveal: true } }), 'a', 'Aitana'), 0);
    return { clock, reveals, auto, game };
  };

  it('reveals at the deadline, once, however often it hears of the game', () => {
    const { clock, reveals, auto, game } = setUp();
    auto.watch(state(game));
    auto.watch(state(game));
    clock.advance(19_999);
    expect(reveals).toEqual([]);
    clock.advance(1);
    expect(reveals).toEqual(['bt1']);
    clock.advance(60_000);
    expect(reveals).toEqual(['bt1']);
  });

  it('waits through a pause: the deadline moves by the time paused', () => {
    const { clock, reveals, auto, game } = setUp();
    auto.watch(state(game));
    clock.advance(5_000);
    const paused = pauseGame(game, 5_000);
    auto.watch(state(paused));
    clock.advance(30_000);
    expect(reveals).toEqual([]);
    auto.watch(state(resumeGame(paused, 35_000)));
    clock.advance(14_999);
    expect(reveals).toEqual([]);
    clock.advance(1);
    expect(reveals).toEqual(['bt1']);
  });

  it('reveals at once a question whose deadline passed while no node held it (a restart), and nothing after close', () => {
    const { clock, reveals, auto, game } = setUp();
    clock.now = 25_000;
    auto.watch(state(game));
    clock.advance(0);
    expect(reveals).toEqual(['bt1']);
    const other = setUp();
    other.auto.watch(state(other.game));
    other.auto.close();
    other.clock.advance(60_000);
    expect(other.reveals).toEqual([]);
  });
});
