import { describe, expect, it } from 'vitest';
import { formWindow, raffleWindow } from './windows';

const NOW = Date.parse('2026-03-11T17:00:00.000Z');
const BEFORE = '2026-03-11T16:59:59.999Z';
const AFTER = '2026-03-11T17:00:00.001Z';
const AT = '2026-03-11T17:00:00.000Z';

describe('formWindow', () => {
  it.each([
    ['no dates, no limit', {}, 'open'],
    ['opens later', { opensAt: AFTER }, 'not_open'],
    ['opens now', { opensAt: AT }, 'open'],
    ['closes later', { closesAt: AFTER }, 'open'],
    ['closes now (the close is excluded)', { closesAt: AT }, 'closed'],
    ['closed before', { opensAt: '2026-03-01T00:00:00Z', closesAt: BEFORE }, 'closed'],
    ['full', { maxEntries: 3, entryCount: 3 }, 'full'],
    ['one place left', { maxEntries: 3, entryCount: 2 }, 'open'],
    ['full and closed says closed', { closesAt: BEFORE, maxEntries: 3, entryCount: 3 }, 'closed'],
    ['full and not open yet says not open', { opensAt: AFTER, maxEntries: 1, entryCount: 1 }, 'not_open'],
  ] as const)('%s → %s', (_case, form, code) => {
    expect(formWindow(form, NOW)).toBe(code);
  });
});

describe('raffleWindow', () => {
  const raffle = (over: { status?: string; opensAt?: string; closesAt?: string }) => ({ status: 'open', opensAt: '2026-03-01T00:00:00Z', closesAt: '2026-03-20T00:00:00Z', ...over });
  it.each([
    ['open between its dates', {}, 'open'],
    ['a draft', { status: 'draft' }, 'not_open'],
    ['opens later', { opensAt: AFTER }, 'not_open'],
    ['closes now', { closesAt: AT }, 'closed'],
    ['closes a millisecond later', { closesAt: AFTER }, 'open'],
    ['closed by hand', { status: 'closed' }, 'closed'],
    ['drawn', { status: 'drawn' }, 'closed'],
    ['a draft past its close', { status: 'draft', closesAt: BEFORE }, 'closed'],
  ] as const)('%s → %s', (_case, over, code) => {
    expect(raffleWindow(raffle(over), NOW)).toBe(code);
  });
});
