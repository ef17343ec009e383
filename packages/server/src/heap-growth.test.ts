import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', () => ({ setFlagsFromString }));

afterEach(() => setFlagsFromString.mockClear());

describe('growHeapForRequests', () => {
  it('lets the old generation grow to twice its live size before the next full collection', async () => {
    const { growHeapForRequests } = await import('./heap-growth');
    growHeapForRequests();
    expect(setFlagsFromString).toHaveBeenCalledTimes(1);
    expect(setFlagsFromString).toHaveBeenCalledWith('--heap-growing-percent=100');
  });
});
