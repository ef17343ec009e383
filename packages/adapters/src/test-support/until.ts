/**
 * Waits until `condition` holds, turning the event loop (real I/O) without any wall-clock
 * timer, so it also works while a test fakes the timers. Gives up after `turns` turns.
 */
export async function until(condition: () => boolean, turns = 20_000): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    if (condition()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error('until: condition never held');
}
