/**
 * Waits until `condition` holds, turning the event loop (real I/O) with setImmediate rather
 * than a timer, so it also works while a test fakes setTimeout. The deadline only guards
 * against a hang (a loaded machine may need a while); it is not a timing under test.
 */
export async function until(condition: () => boolean, deadlineMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > deadlineMs) throw new Error('until: condition never held');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
