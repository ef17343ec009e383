import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Moves fake timers on and lets React and valtio settle: valtio notifies its
 * subscribers in a microtask, so a synchronous act() would miss the update.
 */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Lets pending promises (a lazy page, a fake call) settle inside act(). */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}
