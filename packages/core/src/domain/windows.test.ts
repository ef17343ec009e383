import { describe, expect, it } from 'vitest';
import { closeRaffleEarly, formWindow, raffleStatusAt, raffleWindow } from './windows';

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

describe('raffleStatusAt', () => {
  const raffle = (over: { status?: string; closesAt?: string }) => ({ status: 'open', opensAt: '2026-03-01T00:00:00Z', closesAt: AFTER, ...over });
  it.each([
    ['open before its close', {}, 'open'],
    ['open at its close says closed', { closesAt: AT }, 'closed'],
    ['open after its close says closed', { closesAt: BEFORE }, 'closed'],
    ['a draft stays a draft after the date', { status: 'draft', closesAt: BEFORE }, 'draft'],
    ['drawn stays drawn', { status: 'drawn', closesAt: BEFORE }, 'drawn'],
    ['closed stays closed', { status: 'closed' }, 'closed'],
  ] as const)('%s → %s', (_case, over, status) => {
    expect(raffleStatusAt(raffle(over), NOW)).toBe(status);
  });
});

describe('closeRaffleEarly', () => {
  const base = { status: 'closed', opensAt: '2026-03-01T00:00:00.000Z', closesAt: '2026-12-26T18:00:00.000Z', title: 'Tombola' };
  it('closes now a raffle set to closed before its closing date, and the window says closed at once', () => {
    const closed = closeRaffleEarly(base, NOW);
    expect(closed).toEqual({ ...base, closesAt: AT });
    expect(raffleWindow(closed, NOW)).toBe('closed');
  });
  it('keeps the dates of an open raffle, and of one closed after its date', () => {
    expect(closeRaffleEarly({ ...base, status: 'open' }, NOW)).toEqual({ ...base, status: 'open' });
    expect(closeRaffleEarly({ ...base, closesAt: BEFORE }, NOW)).toEqual({ ...base, closesAt: BEFORE });
  });
  it('opens just before a raffle closed before it opened, so that the close still follows the opening', () => {
    const closed = closeRaffleEarly({ ...base, opensAt: '2026-04-01T00:00:00.000Z' }, NOW);
    expect(closed.closesAt).toBe(AT);
    expect(Date.parse(closed.opensAt)).toBeLessThan(NOW);
  });
});
