import { autoRevealAt } from '@sortie/core/domain';
import type { BlindTestState } from './blind-test-rows';

/** The timers the scheduler sets (tests give fake ones). */
export interface RevealTimers {
  setTimeout(run: () => void, ms: number): { unref?(): unknown };
  clearTimeout(timer: unknown): void;
}

/**
 * The automatic reveal (issue 32): a game whose host chose it is revealed at its question's
 * deadline (core's autoRevealAt) by the server, without « Révéler ». Every node that holds the
 * game or hears of its changes sets the timer; the first reveal is stored, the others are refused
 * by core (nothing due any more) and ignored. A pause, a reveal or a new question moves the timer.
 */
export class AutoReveal {
  private readonly timers = new Map<string, { at: number; timer: unknown }>();
  private closed = false;

  constructor(
    /** Runs the `autoReveal` action on the game as the server. */
    private readonly reveal: (id: string) => Promise<unknown>,
    private readonly now: () => number,
    private readonly clock: RevealTimers = { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout) },
  ) {}

  /** The game as now stored or read: its timer set, moved or taken away. */
  watch(state: BlindTestState): void {
    if (this.closed) return;
    const at = autoRevealAt(state.game);
    const current = this.timers.get(state.id);
    // Unchanged and not yet due: the timer set stands. Due already (the server's clock moved past it): at once.
    if (current?.at === at && (at === null || at > this.now())) return;
    if (current) this.clock.clearTimeout(current.timer);
    this.timers.delete(state.id);
    if (at === null) return;
    const timer = this.clock.setTimeout(
      () => {
        this.timers.delete(state.id);
        // Refused when another node revealed first, or the host did: nothing to say.
        void this.reveal(state.id).catch(() => undefined);
      },
      Math.max(0, at - this.now()),
    );
    // A pending reveal never keeps a stopping process alive.
    timer.unref?.();
    this.timers.set(state.id, { at, timer });
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.timers.values()) this.clock.clearTimeout(timer);
    this.timers.clear();
  }
}
