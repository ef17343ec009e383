import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventInputSchema } from '@sortie/core';
import { BACKENDS, testApp } from '../testing/test-app';
import { COUNT_CAP } from '../db/store';

const DAY = 86_400_000;

describe.each(BACKENDS)('search and capped lists on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const addEvent = (title: string, startsAt: number, extra: Record<string, unknown> = {}) =>
    t.app.ctx.store.insert('events', { ...EventInputSchema.parse({ title, startsAt: new Date(startsAt).toISOString(), city: 'Niort', ...extra }), likeCount: 0 });
  // A forced reload's header: read afresh, past the one-second public cache.
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'cache-control': 'no-cache' } });
  const titles = (body: { items: Array<{ kind: string; title: string }> }) => body.items.filter((i) => i.kind === 'event').map((i) => i.title);

  beforeAll(async () => {
    t = await testApp({ backend });
    const now = Date.now();
    await addEvent('Nuit du clavecin baroque (passée)', now - 10 * DAY);
    await addEvent('Nuit du clavecin baroque', now + 20 * DAY);
    await addEvent('Clavecin et jazz manouche', now + 5 * DAY);
    await addEvent('Récital de clavecin (brouillon)', now + 6 * DAY, { status: 'draft' });
  });
  afterAll(() => t.close());

  it('lists upcoming events first in date order, then the most recent past ones; upcoming=true leaves the past out', async () => {
    const all = (await get('/api/search?q=clavecin')).json();
    expect(titles(all)).toEqual(['Clavecin et jazz manouche', 'Nuit du clavecin baroque', 'Nuit du clavecin baroque (passée)']);
    expect(all.counts.event).toBe(3);
    expect(all.estimates.event).toBe(false);
    const upcoming = (await get('/api/search?q=clavecin&upcoming=true')).json();
    expect(titles(upcoming)).toEqual(['Clavecin et jazz manouche', 'Nuit du clavecin baroque']);
    expect(upcoming.counts.event).toBe(2);
  });

  it('needs every word, forgives a typo in each, and ignores accents and case', async () => {
    expect(titles((await get('/api/search?q=clavecin%20baroque')).json())).toEqual(['Nuit du clavecin baroque', 'Nuit du clavecin baroque (passée)']);
    expect(titles((await get('/api/search?q=CLAVCIN%20barocque')).json())).toEqual(['Nuit du clavecin baroque', 'Nuit du clavecin baroque (passée)']);
    expect(titles((await get('/api/search?q=r%C3%A9cital%20clavecin')).json())).toEqual([]); // the draft stays private
  });

  it('learns the words of a new record at once (the vocabulary is kept by the database)', async () => {
    expect(titles((await get('/api/search?q=zorglubesque')).json())).toEqual([]);
    await addEvent('Soirée zorglubesque', Date.now() + 3 * DAY);
    expect(titles((await get('/api/search?q=zorglubesque')).json())).toEqual(['Soirée zorglubesque']);
    expect(titles((await get('/api/search?q=zorglubeske')).json())).toEqual(['Soirée zorglubesque']);
  });

  it('reads a word\'s lexemes from the vocabulary, and stems a word stored without them (migration 0027)', async () => {
    const [stored] = await t.app.ctx.db.query<{ lexemes: string | null }>(`SELECT lexemes FROM search_words WHERE word = 'clavecin'`);
    expect(stored?.lexemes).toBe(`'clavecin'`);
    await t.app.ctx.db.query(`UPDATE search_words SET lexemes = NULL WHERE word IN ('clavecin', 'baroque')`);
    try {
      expect(titles((await get('/api/search?q=clavecin%20baroque')).json())).toEqual(['Nuit du clavecin baroque', 'Nuit du clavecin baroque (passée)']);
      expect(titles((await get('/api/search?q=CLAVCIN%20barocque')).json())).toEqual(['Nuit du clavecin baroque', 'Nuit du clavecin baroque (passée)']);
    } finally {
      await t.app.ctx.db.query(`UPDATE search_words SET lexemes = plainto_tsquery('french_unaccent', word)::text WHERE lexemes IS NULL`);
    }
  });

  it('answers an empty result, not an error, for a query of stop words or punctuation', async () => {
    for (const q of ['le la de', '!!!', 'du']) {
      const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([]);
    }
  });

  it('filters a list with q through the same full-text search', async () => {
    const res = await get('/api/events?q=clavcin&city=Niort');
    expect(res.json().items.map((e: { title: string }) => e.title)).toEqual(['Clavecin et jazz manouche', 'Nuit du clavecin baroque']);
  });

  it(`counts a long list up to ${COUNT_CAP} rows (or past the page asked for) and says the total is an estimate`, async () => {
    const template = (await addEvent('Gabarit', Date.now() + DAY, { city: 'Capville' })) as { _id: string };
    await t.db.query(
      `INSERT INTO events (id, data, title, city, starts_at, status, search)
       SELECT 'ca' || lpad(to_hex(g), 22, '0'), data, title, city, starts_at + g * interval '1 minute', status, search FROM events, generate_series(1, 1099) g WHERE id = $1`,
      [template._id],
    );
    const first = (await get('/api/events?city=Capville&limit=20')).json();
    expect(first.items).toHaveLength(20);
    expect(first.meta).toEqual({ total: COUNT_CAP, limit: 20, offset: 0, totalIsEstimate: true, nextCursor: expect.any(String) });
    const deep = (await get('/api/events?city=Capville&limit=20&offset=1040')).json();
    expect(deep.meta).toEqual({ total: 1061, limit: 20, offset: 1040, totalIsEstimate: true, nextCursor: expect.any(String) });
    const last = (await get('/api/events?city=Capville&limit=20&offset=1090')).json();
    expect(last.items).toHaveLength(10);
    expect(last.meta).toEqual({ total: 1100, limit: 20, offset: 1090, nextCursor: null });
    const past = (await get('/api/events?city=Capville&limit=20&offset=5000')).json();
    expect(past.meta).toEqual({ total: 1100, limit: 20, offset: 5000, nextCursor: null });
    // A search counts each kind up to the same cap.
    const search = (await get('/api/search?q=gabarit')).json();
    expect(search.counts.event).toBe(COUNT_CAP);
    expect(search.estimates.event).toBe(true);
    expect(search.meta.totalIsEstimate).toBe(true);
  });
});
