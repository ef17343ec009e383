import type { ClockPort } from '../../ports/clock.port';
import { withSubject, type ContractRunner, type Teardown } from './runner';

export interface ClockSubject extends Teardown {
  clock: ClockPort;
  /** Lets at least `ms` milliseconds pass on this clock (a fake moves; the system clock is waited for). */
  pass(ms: number): Promise<void>;
}

/** What a caller of ClockPort may rely on, whoever implements it. Delays are short: the system clock really waits. */
export function clockContract(t: ContractRunner, name: string, setup: () => Promise<ClockSubject> | ClockSubject): void {
  const { it, expect } = t;
  withSubject(t, `ClockPort contract: ${name}`, setup, (subject) => {
    it('tells the time as a Date that moves forward as time passes', async () => {
      const { clock, pass } = subject();
      const before = clock.now();
      expect(before).toBeInstanceOf(Date);
      await pass(30);
      expect(clock.now().getTime() - before.getTime()).toBeGreaterThanOrEqual(30);
    });

    it('runs a timer once its delay has passed, not before, and not synchronously', async () => {
      const { clock, pass } = subject();
      let fired = 0;
      clock.setTimeout(() => (fired += 1), 40);
      expect(fired).toBe(0);
      await pass(60);
      expect(fired).toBe(1);
      await pass(60);
      expect(fired).toBe(1);
    });

    it('runs timers in the order they fall due', async () => {
      const { clock, pass } = subject();
      const order: string[] = [];
      clock.setTimeout(() => order.push('late'), 40);
      clock.setTimeout(() => order.push('early'), 10);
      clock.setTimeout(() => order.push('now'), 0);
      await pass(80);
      expect(order).toEqual(['now', 'early', 'late']);
    });

    it('never runs a cleared timer', async () => {
      const { clock, pass } = subject();
      let fired = false;
      const handle = clock.setTimeout(() => (fired = true), 10);
      clock.clearTimeout(handle);
      await pass(40);
      expect(fired).toBe(false);
    });
  });
}
