import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

describe('zod without its compiler (the CSP has no unsafe-eval)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('parses objects without ever calling Function', async () => {
    await import('./zod-jitless');
    const calls = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ title: z.string(), startsAt: z.iso.datetime(), tags: z.array(z.string()) });
    expect(schema.parse({ title: 'Concert', startsAt: '2026-01-20T19:30:00Z', tags: ['jazz'], extra: 1 })).toEqual({ title: 'Concert', startsAt: '2026-01-20T19:30:00Z', tags: ['jazz'] });
    expect(calls).not.toHaveBeenCalled();
  });
});
