import type { ClockPort, TimerHandle } from '@sortie/core';

/** ClockPort over the runtime's own clock and timers (browser or node). Bound as a constant: no decorator, no inversify. */
export class SystemClock implements ClockPort {
  now(): Date {
    return new Date();
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    return globalThis.setTimeout(callback, ms) as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]);
  }
}
