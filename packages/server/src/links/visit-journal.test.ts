import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openTestDb } from '../testing/test-app';
import { ShortLinks } from './short-links';
import { visitBatches } from './visit-batches';
import { VISIT_JOURNAL_FILE, VisitJournal } from './visit-journal';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const AT = Date.parse('2026-11-27T20:30:00.000Z');

describe('the embedded database’s visit journal', () => {
  let db: Db;
  let link: { id: string; shortCode: string };
  const work = mkdtempSync(join(tmpdir(), 'sortie-visit-journal-'));
  let path: string;
  let logged: string[];
  const log = (line: string) => logged.push(line);

  beforeAll(async () => {
    db = await openTestDb();
    const [row] = await db.query<{ id: string; short_code: string }>('SELECT id, short_code FROM dyna_links ORDER BY id LIMIT 1');
    link = { id: row!.id, shortCode: row!.short_code };
  });
  afterAll(async () => {
    await db.close();
    rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    path = join(mkdtempSync(join(work, 'data-')), VISIT_JOURNAL_FILE);
    logged = [];
  });

  /** The visits of the link stored in the table, and its visitCount. */
  async function stored(): Promise<{ visits: number; visitCount: number }> {
    const [visits] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dyna_link_visits WHERE link_id = $1', [link.id]);
    const [count] = await db.query<{ n: number }>(`SELECT COALESCE((data->>'visitCount')::int, 0) AS n FROM dyna_links WHERE id = $1`, [link.id]);
    return { visits: visits!.n, visitCount: count!.n };
  }

  /** A write of `n` visits of the link, as ShortLinks makes it. */
  function write(n: number, from = AT) {
    return visitBatches(Array.from({ length: n }, (_, i) => ({ linkId: link.id, at: from + i, userAgent: IPHONE, referrer: 'https://l.instagram.com/', qr: false, head: false, target: 'https://exemple.fr/' })));
  }

  it('keeps each write as a line of the file, then moves them into the table with the link’s count, and empties the file', async () => {
    const before = await stored();
    const journal = await VisitJournal.open(path, db, { log });
    for (const n of [3, 2]) {
      const { rows, links, visits } = write(n);
      journal.append(rows, links, visits);
    }
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(journal.waitingFor(link.id)).toBe(5);

    await journal.settled();
    expect(await stored()).toEqual({ visits: before.visits + 5, visitCount: before.visitCount + 5 });
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(journal.waitingFor(link.id)).toBe(0);
    await journal.close();
    expect(logged).toEqual([]);
  });

  it('moves at the next start what a killed server left in it, once, and never a line the table already holds', async () => {
    const before = await stored();
    const killed = await VisitJournal.open(path, db, { log });
    const first = write(4);
    killed.append(first.rows, first.links, first.visits);
    await killed.settled();
    // Killed after that move's transaction and before the file was emptied: the line is back in the file…
    const [mark] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'visit_journal_seq'`);
    writeFileSync(path, `${mark!.value}\t${first.rows}\n`);
    // …followed by a write it answered and never moved, and a line cut short by the machine stopping.
    const second = write(3, AT + 1000);
    appendFileSync(path, `${Number(mark!.value) + 1}\t${second.rows}\n${Number(mark!.value) + 2}\t[{"link":`);

    const restarted = await VisitJournal.open(path, db, { log });
    expect(restarted.waitingFor(link.id)).toBe(3);
    await restarted.settled();
    expect(await stored()).toEqual({ visits: before.visits + 7, visitCount: before.visitCount + 7 });
    // The numbering goes on past every line seen: the next line is not taken for one already moved.
    const third = write(1, AT + 2000);
    restarted.append(third.rows, third.links, third.visits);
    await restarted.close();
    expect(await stored()).toEqual({ visits: before.visits + 8, visitCount: before.visitCount + 8 });
    expect(logged).toEqual([]);
  });

  it('says so and leaves aside a line it cannot read, moving the others', async () => {
    const before = await stored();
    const good = write(2);
    writeFileSync(path, `1\tpas du JSON\n2\t${good.rows}\n`);
    await db.query(`DELETE FROM settings WHERE key = 'visit_journal_seq'`);
    const journal = await VisitJournal.open(path, db, { log });
    await journal.close();
    expect(await stored()).toEqual({ visits: before.visits + 2, visitCount: before.visitCount + 2 });
    expect(logged).toEqual([expect.stringContaining('une ligne du journal des visites est illisible')]);
  });

  it('keeps, in a journal that never empties, only the lines still to move', async () => {
    const before = await stored();
    const second = write(3, AT + 500);
    // A write answered while the first one is being moved.
    let during: (() => void) | null = () => journal.append(second.rows, second.links, second.visits);
    const watched: Db = { ...db, kind: db.kind, query: db.query.bind(db), close: db.close.bind(db), transaction: (fn) => (during?.(), (during = null), db.transaction(fn)) };
    const journal = await VisitJournal.open(path, watched, { log, rotateBytes: 1 });
    const first = write(2);
    journal.append(first.rows, first.links, first.visits);
    await journal.settled();
    expect(readFileSync(path, 'utf8').trim().split('\n').map((line) => line.split('\t')[1])).toEqual([second.rows]);

    await journal.close();
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(await stored()).toEqual({ visits: before.visits + 5, visitCount: before.visitCount + 5 });
  });

  it('keeps the lines when the database refuses them, for the next start, and says so', async () => {
    const refusing: Db = { ...db, kind: db.kind, query: db.query.bind(db), close: db.close.bind(db), transaction: () => Promise.reject(new Error('base indisponible')) };
    const journal = await VisitJournal.open(path, refusing, { log });
    const { rows, links, visits } = write(2);
    journal.append(rows, links, visits);
    await journal.close();
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(logged).toEqual([expect.stringContaining('elles seront enregistrées au prochain démarrage')]);
    expect(() => journal.append(rows, links, visits)).toThrow('Journal des visites fermé.');
  });

  it('is where ShortLinks writes: the visits read in one turn of the event loop are one line, each visitor answered once it is written', async () => {
    const journal = await VisitJournal.open(path, db, { log });
    const links = new ShortLinks(db, () => AT, log, undefined, journal);
    const cached = (await links.find(link.shortCode))!;
    const answered: string[] = [];
    for (let i = 0; i < 5; i++) links.record(cached, IPHONE, AT + i, {}, (target) => answered.push(target));
    expect(answered).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toHaveLength(5);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);
    // The link, read again from the database, counts the visits the journal still holds.
    links.forget();
    const visitsBefore = (await stored()).visitCount;
    expect((await links.find(link.shortCode))!.visits).toBe(visitsBefore + 5);
    await links.close();
    expect(readFileSync(path, 'utf8')).toBe('');
    expect((await stored()).visitCount).toBe(visitsBefore + 5);
  });
});
