import type { ServiceIdentifier } from 'inversify';

export type TimerHandle = { readonly id: number } | number | object;

export const ClockPort = Symbol.for('ClockPort') as ServiceIdentifier<ClockPort>;
/** Time and timers, so that every delay of the spec can be tested without waiting. */
export interface ClockPort {
  now(): Date;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}
