import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { sharedChangeBus } from '../testing/shared-change-bus';
import { LiveAuthority, RESTARTING_MESSAGE, type LiveKind } from './live-authority';

class Refusal extends Error {}

/** A call of the fake game: add a word to its list, or one the rules refuse, or one that breaks the server. */
type Call = { add: string } | { refuse: string } | { crash: true };

/**
 * A fake kind of live game over rows held in memory: each row a list of words and a version
 * that every write moves on; it counts how the authority reaches them (loads, locked reads,
 * batches applied, stores with or without the version copied).
 */
function fakeGame(options: { recheckRefusals?: boolean } = {}) {
  const rows = new Map<string, { words: string[]; version: number }>([['g', { words: [], version: 1 }]]);
  const seen = { loads: 0, locks: 0, batches: [] as string[][], stores: [] as Array<string | null> };
  let gate: Promise<void> = Promise.resolve();
  let reached = () => undefined as void;
  const kind: LiveKind<string[], Call, number, string[]> = {
    topic: 'fake',
    refusal: (message) => new Refusal(message),
    isRefusal: (error) => error instanceof Refusal,
    notFound: 'Partie introuvable.',
    ...(options.recheckRefusals ? { recheckRefusals: true } : {}),
    async load(_db, id) {
      seen.loads += 1;
      const row = rows.get(id);
      return row ? { state: row.words, version: String(row.version) } : null;
    },
    async lock(_db, id) {
      seen.locks += 1;
      return rows.get(id)?.words ?? null;
    },
    async apply(state, calls) {
      seen.batches.push(calls.map((call) => ('add' in call ? call.add : 'refuse' in call ? `!${call.refuse}` : 'crash')));
      let words = state;
      const answers = calls.map((call) => {
        if ('crash' in call) throw new TypeError('panne');
        if ('refuse' in call) return { refusal: new Refusal(`« ${call.refuse} » refusé.`) };
        words = [...words, call.add];
        return { outcome: words.length };
      });
      return { answers, change: words === state ? null : words };
    },
    async store(db, id, words, version, notify) {
      reached();
      await gate;
      seen.stores.push(version);
      const row = rows.get(id)!;
      if (version !== null && String(row.version) !== version) return null;
      row.words = words;
      row.version += 1;
      const params: unknown[] = [];
      notify((value) => `$${params.push(value)}`);
      // The NOTIFY, as the statement would carry it (the shared bus delivers it).
      await db.query('UPDATE …', params);
      return { state: words, version: String(row.version) };
    },
  };
  return {
    kind,
    rows,
    seen,
    /** Holds every store until `release` is called; `storing` resolves once one is held. */
    hold(): { release: () => void; storing: Promise<void> } {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      const storing = new Promise<void>((resolve) => (reached = resolve));
      return { release, storing };
    },
  };
}

const memoryDb: Db = {
  kind: 'pglite',
  query: async () => [],
  transaction: (fn) => fn(memoryDb),
  close: async () => undefined,
};

function authorityOver(game: ReturnType<typeof fakeGame>, more: Partial<ConstructorParameters<typeof LiveAuthority<string[], Call, number, string[]>>[1]> = {}) {
  const written: string[][] = [];
  const authority = new LiveAuthority(game.kind, { db: memoryDb, maxCopies: 10, written: (_id, state) => void written.push(state), ...more });
  return { authority, written };
}

describe('the live-game authority', () => {
  it('runs the calls of one game in the order they arrived, those arriving together stored by one write', async () => {
    const game = fakeGame();
    const { authority, written } = authorityOver(game);
    await authority.read('g');
    const { release, storing } = game.hold();
    const together = ['a', 'b', 'c'].map((word) => authority.run('g', { add: word }));
    // The first batch is being stored: the calls arriving meanwhile wait for the next one.
    await storing;
    const later = ['d', 'e'].map((word) => authority.run('g', { add: word }));
    release();
    const answers = await Promise.all([...together, ...later]);
    expect(answers.map((answer) => answer.outcome)).toEqual([1, 2, 3, 4, 5]);
    expect(answers[0]!.state).toEqual(['a', 'b', 'c']);
    expect(answers[4]!.state).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(game.seen.batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(written).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'd', 'e'],
    ]);
    expect(game.rows.get('g')!.words).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stores together the calls of separate events handled in one turn of the event loop (a crowd answering at once)', async () => {
    const game = fakeGame();
    const { authority } = authorityOver(game);
    await authority.read('g');
    // Each call from its own callback, as socket.io hands each packet to its own: promises settle between them.
    const answers = await Promise.all(['a', 'b', 'c'].map((word) => new Promise<unknown>((resolve) => setImmediate(() => resolve(authority.run('g', { add: word }))))));
    expect(answers).toHaveLength(3);
    expect(game.seen.batches).toEqual([['a', 'b', 'c']]);
  });

  it('answers a refused call with its refusal and stores the others of its batch; a failure fails the whole batch and stores nothing', async () => {
    const game = fakeGame();
    const { authority } = authorityOver(game);
    const [ok, refused] = await Promise.allSettled([authority.run('g', { add: 'a' }), authority.run('g', { refuse: 'b' })]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { outcome: 1 } });
    expect(refused).toMatchObject({ status: 'rejected', reason: new Refusal('« b » refusé.') });
    const failed = await Promise.allSettled([authority.run('g', { add: 'c' }), authority.run('g', { crash: true })]);
    expect(failed.map((settled) => settled.status)).toEqual(['rejected', 'rejected']);
    expect(game.rows.get('g')!.words).toEqual(['a']);
  });

  it('writes from its copy in one statement while the row is the version copied, else from the locked row', async () => {
    const game = fakeGame();
    const { authority } = authorityOver(game);
    await authority.run('g', { add: 'a' });
    expect(game.seen.locks).toBe(1);
    await authority.run('g', { add: 'b' });
    expect(game.seen.locks).toBe(1);
    expect(game.seen.stores).toEqual([null, '2']);
    // Another process wrote the row and its NOTIFY is not heard yet: the copy's version is stale.
    game.rows.set('g', { words: ['a', 'b', 'ailleurs'], version: 10 });
    const answer = await authority.run('g', { add: 'c' });
    expect(game.seen.stores).toEqual([null, '2', '3', null]);
    expect(game.seen.locks).toBe(2);
    expect(answer.state).toEqual(['a', 'b', 'ailleurs', 'c']);
    expect(await authority.read('g')).toEqual(['a', 'b', 'ailleurs', 'c']);
  });

  it('checks a refusal again on the locked row when the kind asks: the refusal must be the stored state’s', async () => {
    const game = fakeGame({ recheckRefusals: true });
    const { authority } = authorityOver(game);
    await authority.read('g');
    await expect(authority.run('g', { refuse: 'x' })).rejects.toThrow('« x » refusé.');
    expect(game.seen.batches).toEqual([['!x'], ['!x']]);
    expect(game.seen.locks).toBe(1);
  });

  it('trusts its copy only while its bus listens, and forgets it when another process writes', async () => {
    const game = fakeGame();
    const shared = sharedChangeBus(memoryDb);
    const here = shared.bus('here');
    const there = shared.bus('there');
    const heard: string[] = [];
    const mine = new LiveAuthority(game.kind, { db: shared.db, bus: here.bus, maxCopies: 10, written: () => undefined, changedElsewhere: (id) => heard.push(id) });
    const theirs = new LiveAuthority(game.kind, { db: shared.db, bus: there.bus, maxCopies: 10, written: () => undefined });
    await mine.read('g');
    await mine.read('g');
    expect(game.seen.loads).toBe(1);
    // The other process writes: its NOTIFY, in its statement, reaches this one, whose copy goes.
    await theirs.run('g', { add: 'ailleurs' });
    expect(heard).toEqual(['g']);
    expect(await mine.read('g')).toEqual(['ailleurs']);
    expect(game.seen.loads).toBe(2);
    // LISTEN dropped: a change could go unheard, so every read and write goes to the row.
    here.drop();
    await mine.read('g');
    await mine.read('g');
    expect(game.seen.loads).toBe(4);
    const locks = game.seen.locks;
    await mine.run('g', { add: 'ici' });
    expect(game.seen.locks).toBe(locks + 1);
    here.listen();
    await mine.read('g');
    await mine.read('g');
    expect(game.seen.loads).toBe(5);
  });

  it('keeps at most maxCopies games in memory, the oldest copy going first', async () => {
    const game = fakeGame();
    for (const id of ['h', 'i']) game.rows.set(id, { words: [], version: 1 });
    const { authority } = authorityOver(game, { maxCopies: 2 });
    for (const id of ['g', 'h', 'i', 'h', 'i']) await authority.read(id);
    expect(game.seen.loads).toBe(3);
    await authority.read('g');
    expect(game.seen.loads).toBe(4);
  });

  it('on close, waits for the writes under way and refuses later calls: the server restarts', async () => {
    const game = fakeGame();
    const closing: string[] = [];
    const { authority } = authorityOver(game, { closing: () => closing.push('closing') });
    const { release, storing } = game.hold();
    const underWay = authority.run('g', { add: 'a' });
    await storing;
    let closed = false;
    const close = authority.close().then(() => (closed = true));
    await expect(authority.run('g', { add: 'b' })).rejects.toThrow(RESTARTING_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(closed).toBe(false);
    release();
    await close;
    expect((await underWay).outcome).toBe(1);
    expect(closing).toEqual(['closing']);
    expect(game.rows.get('g')!.words).toEqual(['a']);
  });
});
