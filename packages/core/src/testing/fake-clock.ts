import type { ClockPort, TimerHandle } from '../ports/clock.port';

interface Timer {
  id: number;
  due: number;
  callback: () => void;
}

/** Time stands still until `advance(ms)`, which fires the timers that fall due, in order. */
export class FakeClock implements ClockPort {
  #now: number;
  #nextId = 1;
  #timers: Timer[] = [];

  constructor(start: Date | string = '2026-01-15T20:00:00.000Z') {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  /** Moves the clock to `date` without firing timers. */
  setNow(date: Date | string): this {
    this.#now = new Date(date).getTime();
    return this;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.#nextId++, due: this.#now + Math.max(0, ms), callback };
    this.#timers.push(timer);
    return { id: timer.id };
  }

  clearTimeout(handle: TimerHandle): void {
    const id = typeof handle === 'number' ? handle : (handle as { id?: number }).id;
    this.#timers = this.#timers.filter((timer) => timer.id !== id);
  }

  /** Lets `ms` milliseconds pass, firing each due timer at its own time. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const next = this.#timers.filter((t) => t.due <= end).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = next.due;
      next.callback();
    }
    this.#now = end;
  }

  /** How many timers are waiting. */
  get pendingTimers(): number {
    return this.#timers.length;
  }
}
