import type { ClockPort } from '@sortie/core';

/**
 * Runs tasks one at a time, starting each at least `intervalMs` after the previous one
 * started: MusicBrainz allows one request a second per client and blocks those who exceed it.
 */
export class RateLimiter {
  #tail: Promise<unknown> = Promise.resolve();
  #lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: ClockPort,
    private readonly intervalMs: number,
  ) {}

  schedule<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(async () => {
      const wait = this.#lastStart + this.intervalMs - this.clock.now().getTime();
      if (wait > 0) await new Promise<void>((resolve) => this.clock.setTimeout(resolve, wait));
      this.#lastStart = this.clock.now().getTime();
      return task();
    });
    // A failed task must not block the queue.
    this.#tail = run.catch(() => undefined);
    return run;
  }
}
