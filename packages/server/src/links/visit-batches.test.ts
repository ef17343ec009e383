import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/open-database';
import { BACKENDS, openTestDb } from '../testing/test-app';
import type { Db } from '../db/database';
import { ShortLinks } from './short-links';
import { visitBatches, type VisitBatchRow } from './visit-batches';
import { WRITE_VISITS } from './visit-statements';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WHATSAPP = 'WhatsApp/2.23.20.0';
const LINK = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);
/** 23:59:59.990 in Paris on 2026-11-27 (UTC+1), and 20 ms later: the next day. */
const BEFORE_MIDNIGHT = Date.parse('2026-11-27T22:59:59.990Z');
const visit = (linkId: string, at: number, userAgent: string, extra: { referrer?: string; qr?: boolean } = {}) => ({
  linkId,
  at,
  userAgent,
  referrer: extra.referrer ?? '',
  qr: extra.qr ?? false,
  head: false,
  target: 'https://exemple.fr/?utm_source=affiche',
});

describe('the visits of one write, stored as a row a link and hour', () => {
  it('keeps each visit as its kind and its milliseconds, a kind read once however many visits it made', () => {
    const batch = visitBatches([
      visit(LINK, BEFORE_MIDNIGHT, IPHONE, { referrer: 'https://l.instagram.com/' }),
      visit(LINK, BEFORE_MIDNIGHT + 3, IPHONE, { referrer: 'https://l.instagram.com/' }),
      visit(OTHER, BEFORE_MIDNIGHT + 4, WHATSAPP),
      visit(LINK, BEFORE_MIDNIGHT + 5, IPHONE, { qr: true }),
      visit(LINK, BEFORE_MIDNIGHT + 6, IPHONE, { referrer: 'https://l.instagram.com/' }),
      visit(LINK, BEFORE_MIDNIGHT + 20, IPHONE, { referrer: 'https://l.instagram.com/' }),
    ]);
    const rows = JSON.parse(batch.rows) as VisitBatchRow[];
    expect(rows.map(({ link, day, hour, at, visit_kinds, offsets }) => ({ link, day, hour, at, visit_kinds, offsets }))).toEqual([
      { link: LINK, day: '2026-11-27', hour: 23, at: '2026-11-27T22:59:59.990Z', visit_kinds: '1,1,2,1', offsets: '0,3,5,6' },
      { link: OTHER, day: '2026-11-27', hour: 23, at: '2026-11-27T22:59:59.994Z', visit_kinds: '1', offsets: '0' },
      // Past midnight in Paris: another day, another row.
      { link: LINK, day: '2026-11-28', hour: 0, at: '2026-11-27T23:00:00.010Z', visit_kinds: '1', offsets: '0' },
    ]);
    expect(rows[0]!.kinds).toEqual([
      { userAgent: IPHONE, referrerHost: 'instagram.com', device: 'mobile', system: 'iOS', browser: 'Mobile Safari', utm: { source: 'affiche' } },
      { userAgent: IPHONE, device: 'mobile', system: 'iOS', browser: 'Mobile Safari', qr: true, utm: { source: 'affiche' } },
    ]);
    expect(rows[1]!.kinds).toEqual([{ userAgent: WHATSAPP, device: 'bot', bot: true, utm: { source: 'affiche' } }]);
    expect({ links: batch.links, visits: batch.visits }).toEqual({ links: [LINK, OTHER], visits: [5, 1] });
  });
});

describe('dyna_link_visits, the view of the stored rows', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('shows each visit again with its instant to the millisecond, its day and hour in Paris and what it told, in its order', async () => {
    const [{ id }] = (await db.query<{ id: string }>(`SELECT id FROM dyna_links ORDER BY id LIMIT 1`)) as [{ id: string }];
    const [{ n: before }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dyna_link_visits WHERE link_id = $1', [id])) as [{ n: number }];
    const links = new ShortLinks(db);
    const link = (await db.query<{ short_code: string }>('SELECT short_code FROM dyna_links WHERE id = $1', [id]))[0]!.short_code;
    const cached = (await links.find(link))!;
    links.record(cached, IPHONE, BEFORE_MIDNIGHT, { referrer: 'https://l.instagram.com/' });
    links.record(cached, WHATSAPP, BEFORE_MIDNIGHT + 7, { head: true });
    links.record(cached, IPHONE, BEFORE_MIDNIGHT + 20, { qr: true });
    await links.flush();
    const rows = await db.query<Record<string, unknown>>(
      `SELECT datetime, user_agent, day, hour, referrer_host, device, system, browser, bot, qr FROM dyna_link_visits WHERE link_id = $1 ORDER BY id OFFSET $2`,
      [id, before],
    );
    expect(rows.map((row) => ({ ...row, datetime: new Date(row.datetime as string).toISOString() }))).toEqual([
      { datetime: '2026-11-27T22:59:59.990Z', user_agent: IPHONE, day: '2026-11-27', hour: 23, referrer_host: 'instagram.com', device: 'mobile', system: 'iOS', browser: 'Mobile Safari', bot: false, qr: false },
      { datetime: '2026-11-27T22:59:59.997Z', user_agent: WHATSAPP, day: '2026-11-27', hour: 23, referrer_host: null, device: 'bot', system: null, browser: null, bot: true, qr: false },
      { datetime: '2026-11-27T23:00:00.010Z', user_agent: IPHONE, day: '2026-11-28', hour: 0, referrer_host: null, device: 'mobile', system: 'iOS', browser: 'Mobile Safari', bot: false, qr: true },
    ]);
  });
});

describe.each(BACKENDS)('a write of visits, on %s', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(backend);
  });
  afterAll(() => db.close());

  it('commits without waiting for the disk, and only that write: the setting ends with its transaction', async () => {
    const [{ id }] = (await db.query<{ id: string }>(`SELECT id FROM dyna_links ORDER BY id LIMIT 1`)) as [{ id: string }];
    const { rows, links, visits } = visitBatches([visit(id, BEFORE_MIDNIGHT, IPHONE)]);
    const setting = (q: Pick<Db, 'query'>) => q.query<{ v: string }>(`SELECT current_setting('synchronous_commit') AS v`).then(([row]) => row!.v);
    const [before] = (await db.query<{ n: number }>(`SELECT (data->>'visitCount')::int AS n FROM dyna_links WHERE id = $1`, [id])) as [{ n: number | null }];
    await db.transaction(async (tx) => {
      await tx.query(WRITE_VISITS, [rows, links, visits]);
      expect(await setting(tx)).toBe('off');
    });
    // The embedded database has one connection: the statement after is on the same one.
    await db.query(WRITE_VISITS, [rows, links, visits]);
    expect(await setting(db)).toBe('on');
    const [after] = (await db.query<{ n: number }>(`SELECT (data->>'visitCount')::int AS n FROM dyna_links WHERE id = $1`, [id])) as [{ n: number }];
    expect(after.n).toBe((before.n ?? 0) + 2);
  });
});

describe('migration 0028', () => {
  const work = mkdtempSync(join(tmpdir(), 'sortie-visit-batches-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('carries the visits stored one row each into the batches, each unchanged through the view', async () => {
    // The migrations up to 0027, then the visits as that version stored them.
    const before = mkdtempSync(join(work, 'drizzle-'));
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0028');
    writeFileSync(journalPath, JSON.stringify(journal));
    const dataDir = join(work, 'data');
    const old = await openDatabase({ dataDir, migrationsFolder: before });
    await old.query(
      `INSERT INTO dyna_link_visits (link_id, datetime, user_agent, day, hour, referrer_host, device, system, browser, bot, qr, utm) VALUES
       ($1, '2026-05-01T18:30:00.123Z', $2, '2026-05-01', 20, 'instagram.com', 'mobile', 'iOS', 'Mobile Safari', false, true, '{"source":"affiche"}'),
       ($1, '2026-05-01T18:31:00Z', $3, '2026-05-01', 20, NULL, 'bot', NULL, NULL, true, false, NULL),
       ($1, '2026-05-02T09:00:00Z', 'curl/8', '2026-05-02', 11, NULL, NULL, NULL, NULL, false, false, NULL)`,
      [LINK, IPHONE, WHATSAPP],
    );
    await old.close();

    const upgraded = await openDatabase({ dataDir });
    try {
      expect(await upgraded.query(`SELECT to_char(datetime AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at, user_agent, day, hour, referrer_host, device, system, browser, bot, qr, utm FROM dyna_link_visits ORDER BY id`)).toEqual([
        { at: '2026-05-01T18:30:00.123', user_agent: IPHONE, day: '2026-05-01', hour: 20, referrer_host: 'instagram.com', device: 'mobile', system: 'iOS', browser: 'Mobile Safari', bot: false, qr: true, utm: { source: 'affiche' } },
        { at: '2026-05-01T18:31:00.000', user_agent: WHATSAPP, day: '2026-05-01', hour: 20, referrer_host: null, device: 'bot', system: null, browser: null, bot: true, qr: false, utm: null },
        { at: '2026-05-02T09:00:00.000', user_agent: 'curl/8', day: '2026-05-02', hour: 11, referrer_host: null, device: null, system: null, browser: null, bot: false, qr: false, utm: null },
      ]);
    } finally {
      await upgraded.close();
    }
  }, 120_000);
});
