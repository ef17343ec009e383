import { describe, expect, it } from 'vitest';
import { FreshReads, freshReadPlaces } from './fresh-reads';

/** A database that answers what it holds when a read begins, once the test lets that read end. */
function heldDatabase() {
  let value = 'v0';
  const reads: Array<{ key: string; saw: string; end: (fail?: boolean) => void }> = [];
  const read = (key: string) => () =>
    new Promise<string>((resolve, reject) => {
      const saw = value;
      reads.push({ key, saw, end: (fail) => (fail ? reject(new Error('lecture refusée')) : resolve(`${key}:${saw}`)) });
    });
  return {
    reads,
    read,
    write: (next: string) => void (value = next),
  };
}

/** Lets every promise chain waiting on the microtask queue move on. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('reads asked afresh, taken together while they wait (issue 34)', () => {
  it('never answers a request from a read begun before it arrived: it waits for the next, which sees what was written meanwhile', async () => {
    const db = heldDatabase();
    const fresh = new FreshReads(1);
    const first = fresh.read('agenda', db.read('agenda'));
    db.write('v1');
    const second = fresh.read('agenda', db.read('agenda'));
    expect(db.reads).toHaveLength(1);
    db.reads[0]!.end();
    expect(await first).toBe('agenda:v0');
    await settle();
    expect(db.reads).toHaveLength(2);
    db.reads[1]!.end();
    expect(await second).toBe('agenda:v1');
  });

  it('gives the requests that arrive while a read waits for its place that one read, begun after the last of them', async () => {
    const db = heldDatabase();
    const fresh = new FreshReads(1);
    const first = fresh.read('agenda', db.read('agenda'));
    const crowd = Array.from({ length: 8 }, () => fresh.read('agenda', db.read('agenda')));
    db.write('v1');
    const last = fresh.read('agenda', db.read('agenda'));
    db.reads[0]!.end();
    await first;
    await settle();
    expect(db.reads).toHaveLength(2);
    db.reads[1]!.end();
    expect(await Promise.all([...crowd, last])).toEqual(Array(9).fill('agenda:v1'));
  });

  it('runs no more reads at once than its places, and gives a freed place to the read waiting longest', async () => {
    const db = heldDatabase();
    const fresh = new FreshReads(2);
    const answers = ['a', 'b', 'c', 'd', 'c'].map((key) => fresh.read(key, db.read(key)));
    expect(db.reads.map((r) => r.key)).toEqual(['a', 'b']);
    db.reads[1]!.end();
    await settle();
    expect(db.reads.map((r) => r.key)).toEqual(['a', 'b', 'c']);
    db.reads[0]!.end();
    await settle();
    expect(db.reads.map((r) => r.key)).toEqual(['a', 'b', 'c', 'd']);
    db.reads[2]!.end();
    db.reads[3]!.end();
    expect(await Promise.all(answers)).toEqual(['a:v0', 'b:v0', 'c:v0', 'd:v0', 'c:v0']);
    // Every place free again: the next read begins at once.
    void fresh.read('e', db.read('e'));
    expect(db.reads.map((r) => r.key)).toContain('e');
  });

  it('fails only the requests of a failed read; those waiting meanwhile get a read of their own', async () => {
    const db = heldDatabase();
    const fresh = new FreshReads(1);
    const failed = fresh.read('agenda', db.read('agenda'));
    const next = fresh.read('agenda', db.read('agenda'));
    db.reads[0]!.end(true);
    await expect(failed).rejects.toThrow('lecture refusée');
    await settle();
    db.reads[1]!.end();
    expect(await next).toBe('agenda:v0');
  });

  it('counts a read that throws before it begins as a failed read, and frees its place', async () => {
    const db = heldDatabase();
    const fresh = new FreshReads(1);
    await expect(
      fresh.read('agenda', () => {
        throw new Error('requête invalide');
      }),
    ).rejects.toThrow('requête invalide');
    const next = fresh.read('agenda', db.read('agenda'));
    expect(db.reads).toHaveLength(1);
    db.reads[0]!.end();
    expect(await next).toBe('agenda:v0');
  });

  it('gives the embedded database two places, and PostgreSQL one a core', () => {
    expect(freshReadPlaces('pglite', 16)).toBe(2);
    expect(freshReadPlaces('postgres', 16)).toBe(16);
    expect(freshReadPlaces('postgres', 1)).toBe(2);
  });
});
