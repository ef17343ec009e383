import { describe, expect, it } from 'vitest';
import { countVisit, PROMPT_DISMISSED_KEY, PROMPT_QUIET_MS, PushPromptStore, shouldOfferPush, VISITS_KEY } from './push-prompt.store';

const NOW = Date.parse('2026-06-01T10:00:00Z');
const memory = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
};

describe('« Recevoir un rappel le jour J ? »: when it is offered', () => {
  it('never on the first visit; from the second, while the browser has not been asked', () => {
    expect(shouldOfferPush({ support: 'default', visits: 1, dismissedAt: null, now: NOW })).toBe(false);
    expect(shouldOfferPush({ support: 'default', visits: 2, dismissedAt: null, now: NOW })).toBe(true);
    for (const support of ['granted', 'denied', 'unsupported', null] as const) expect(shouldOfferPush({ support, visits: 5, dismissedAt: null, now: NOW })).toBe(false);
  });

  it('« Plus tard » keeps it quiet for a month', () => {
    expect(shouldOfferPush({ support: 'default', visits: 3, dismissedAt: NOW - PROMPT_QUIET_MS + 1, now: NOW })).toBe(false);
    expect(shouldOfferPush({ support: 'default', visits: 3, dismissedAt: NOW - PROMPT_QUIET_MS, now: NOW })).toBe(true);
  });

  it('a visit is counted once per browsing session', () => {
    const local = memory();
    const first = memory();
    countVisit(local, first);
    countVisit(local, first);
    expect(local.items.get(VISITS_KEY)).toBe('1');
    countVisit(local, memory());
    expect(local.items.get(VISITS_KEY)).toBe('2');
  });

  it('the store opens on an offer that qualifies, and « Plus tard » closes it and is remembered', () => {
    const local = memory({ [VISITS_KEY]: '1' });
    const store = new PushPromptStore(() => 'default', () => NOW, local);
    store.offer();
    expect(store.state.open).toBe(false);
    local.setItem(VISITS_KEY, '2');
    store.offer();
    expect(store.state.open).toBe(true);
    store.dismiss();
    expect(store.state.open).toBe(false);
    expect(local.items.get(PROMPT_DISMISSED_KEY)).toBe(String(NOW));
    store.offer();
    expect(store.state.open).toBe(false);
  });

  it('says what the visitor just did: a day’s reminder by default, the call of a match after a tournament registration, the next blind tests after joining one', () => {
    const store = new PushPromptStore(() => 'default', () => NOW, memory({ [VISITS_KEY]: '2' }));
    store.offer();
    expect(store.state).toEqual({ open: true, reason: 'reminder' });
    store.close();
    store.offer('tournament');
    expect(store.state).toEqual({ open: true, reason: 'tournament' });
    // Already open: a second offer changes nothing.
    store.offer('blindTest');
    expect(store.state.reason).toBe('tournament');
    store.close();
    store.offer('blindTest');
    expect(store.state).toEqual({ open: true, reason: 'blindTest' });
  });
});
