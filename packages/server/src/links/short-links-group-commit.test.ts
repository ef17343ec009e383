import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db, Row } from '../db/database';
import { agentsOfWrite } from '../testing/stored-visits';
import { ShortLinks, VISIT_GATHER_MS } from './short-links';

const LINK = { id: 'b'.repeat(24), url: 'https://exemple.fr/', data: {} };

/** A database holding one link whose writes end when the test says: each write's user agents are kept. */
class SlowDb implements Db {
  readonly kind = 'postgres' as const;
  writes: string[][] = [];
  /** Each write's links and their new visits (the statement's last two parameters). */
  counts: Array<Record<string, number>> = [];
  private ends: Array<() => void> = [];
  async query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    if (text.startsWith('SELECT id, url, data FROM dyna_links')) return [LINK as unknown as T];
    this.writes.push(agentsOfWrite(params));
    const [ids, visits] = params.slice(-2) as [string[], number[]];
    this.counts.push(Object.fromEntries(ids.map((id, i) => [id, visits[i]!])));
    await new Promise<void>((resolve) => this.ends.push(resolve));
    return [];
  }
  /** Ends the oldest write under way. */
  endWrite(): void {
    this.ends.shift()?.();
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}

describe('short-link visits written by group commit (issue 34)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a lone visit at once, the visits arriving during a write together, and answers each only once stored', async () => {
    const db = new SlowDb();
    const links = new ShortLinks(db, () => Date.now(), () => undefined);
    const link = (await links.find('code'))!;
    const answered: string[] = [];
    const visit = (agent: string) => links.record(link, agent, undefined, {}, () => answered.push(agent));
    visit('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(db.writes).toEqual([['a']]);
    // Written but not yet stored: nobody is answered.
    expect(answered).toEqual([]);
    visit('b');
    visit('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(db.writes).toHaveLength(1);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toEqual(['a']);
    // Three visitors under way: theirs waits for the third to come back, 2 ms after the first at most, then goes in one statement.
    expect(db.writes).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(VISIT_GATHER_MS);
    expect(db.writes).toEqual([['a'], ['b', 'c']]);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toEqual(['a', 'b', 'c']);
    expect(links.pendingCount).toBe(0);
  });

  it('waits 2 ms at most for as many visits as the last write answered', async () => {
    const db = new SlowDb();
    const links = new ShortLinks(db, () => Date.now(), () => undefined);
    const link = (await links.find('code'))!;
    const answered: string[] = [];
    const visit = (agent: string) => links.record(link, agent, undefined, {}, () => answered.push(agent));
    visit('a');
    await vi.advanceTimersByTimeAsync(0);
    visit('b');
    visit('c');
    visit('d');
    db.endWrite();
    await vi.advanceTimersByTimeAsync(VISIT_GATHER_MS);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.writes).toEqual([['a'], ['b', 'c', 'd']]);
    // Three were answered: the next waits for three…
    visit('e');
    visit('f');
    await vi.advanceTimersByTimeAsync(VISIT_GATHER_MS - 1);
    expect(db.writes).toHaveLength(2);
    visit('g');
    await vi.advanceTimersByTimeAsync(0);
    expect(db.writes.at(-1)).toEqual(['e', 'f', 'g']);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(0);
    // …or for 2 ms after the first, not longer.
    visit('h');
    await vi.advanceTimersByTimeAsync(VISIT_GATHER_MS - 1);
    expect(db.writes).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.writes.at(-1)).toEqual(['h']);
    db.endWrite();
  });

  it('gathers the visits that arrive in the same turn as a write begins into the next write, not one write each', async () => {
    const db = new SlowDb();
    const links = new ShortLinks(db, () => Date.now(), () => undefined);
    const link = (await links.find('code'))!;
    const answered: string[] = [];
    for (const agent of ['a', 'b', 'c']) links.record(link, agent, undefined, {}, () => answered.push(agent));
    await vi.advanceTimersByTimeAsync(0);
    expect(db.writes).toEqual([['a']]);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(VISIT_GATHER_MS);
    expect(db.writes).toEqual([['a'], ['b', 'c']]);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toEqual(['a', 'b', 'c']);
  });

  it('keeps each visit with what it said when like visits and others alternate in a write, and counts each link’s', async () => {
    const db = new SlowDb();
    const links = new ShortLinks(db, () => Date.now(), () => undefined);
    const link = (await links.find('code'))!;
    const other = { ...link, id: 'c'.repeat(24) };
    links.record(link, 'first');
    await vi.advanceTimersByTimeAsync(0);
    for (const [target, agent] of [[link, 'a'], [link, 'a'], [other, 'a'], [link, 'b'], [link, 'a'], [other, 'a']] as const) links.record(target, agent);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(VISIT_GATHER_MS);
    // One row a link: the first link's four visits in their order, then the other's two.
    expect(db.writes.at(-1)).toEqual(['a', 'a', 'b', 'a', 'a', 'a']);
    expect(db.counts.at(-1)).toEqual({ [link.id]: 4, [other.id]: 2 });
    db.endWrite();
  });

  it('closing writes what arrived during the last write too, and then says it is stopping', async () => {
    const db = new SlowDb();
    const links = new ShortLinks(db, () => Date.now(), () => undefined);
    const link = (await links.find('code'))!;
    links.record(link, 'a');
    await vi.advanceTimersByTimeAsync(0);
    links.record(link, 'b');
    const closed = links.close();
    expect(links.stopping).toBe(true);
    db.endWrite();
    await vi.advanceTimersByTimeAsync(0);
    db.endWrite();
    await closed;
    expect(db.writes).toEqual([['a'], ['b']]);
  });
});
