import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { AUDIT_RETENTION_JOB, pruneAuditLog } from './audit-retention';
import { changedFields } from './audit-log';

type Entry = { actorId: string | null; actorLabel: string; action: string; targetType: string; targetId: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; at: string };

describe('the audit log of staff and admin writes', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: string;
  let staff: string;
  let visitor: string;
  // The database stamps entries with its own clock: the app's starts at the real time, and moves on by hand.
  let clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const rowsOf = (targetId: string) => t.db.query<{ action: string; actor_id: string; before: unknown; after: unknown }>('SELECT * FROM audit_log WHERE target_id = $1 ORDER BY id', [targetId]);
  const audit = async (query: string, cookie = admin) => {
    const answer = await call('GET', `/api/dashboard/audit${query}`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { total: number; items: Entry[] };
  };

  it('writes one entry with the changed field only when staff update an event', async () => {
    const event = DEMO_IDS.firstEvent;
    const [stored] = await t.db.query<{ title: string }>(`SELECT data->>'title' AS title FROM events WHERE id = $1`, [event]);
    const answer = await call('PATCH', `/api/events/${event}`, staff, { title: 'Titre revu par l’équipe' });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await rowsOf(event);
    expect(rows.map((row) => [row.action, row.actor_id, row.before, row.after])).toEqual([
      ['events.update', DEMO_IDS.users.staff, { title: stored!.title }, { title: 'Titre revu par l’équipe' }],
    ]);
    // The same patch again changes nothing: no second entry.
    await call('PATCH', `/api/events/${event}`, staff, { title: 'Titre revu par l’équipe' });
    expect(await rowsOf(event)).toHaveLength(1);
  });

  it('leaves no entry when the write fails, and no write when its entry cannot be written', async () => {
    const event = DEMO_IDS.firstEvent;
    const before = (await rowsOf(event)).length;
    // Refused inside the transaction: the merged record fails core's schema (an end before the start).
    const refused = await call('PATCH', `/api/events/${event}`, staff, { endsAt: '2000-01-01T00:00:00.000Z' });
    expect(refused.statusCode).toBe(400);
    expect(await rowsOf(event)).toHaveLength(before);

    // And the other way round: the log refuses the entry, the update is rolled back with it.
    const title = (await call('GET', `/api/events/${event}`)).json().title as string;
    await t.db.query(`ALTER TABLE audit_log ADD CONSTRAINT audit_test_refuse CHECK (action <> 'events.update') NOT VALID`);
    try {
      const failed = await call('PATCH', `/api/events/${event}`, staff, { title: 'Jamais enregistré' });
      expect(failed.statusCode).toBe(500);
      expect((await call('GET', `/api/events/${event}`)).json().title).toBe(title);
    } finally {
      await t.db.query('ALTER TABLE audit_log DROP CONSTRAINT audit_test_refuse');
    }
  });

  it('records creations and deletions by staff, not a visitor’s own shares', async () => {
    const created = await call('POST', '/api/eventCategories', staff, { name: 'Catégorie du journal', slug: 'categorie-du-journal' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    expect((await call('DELETE', `/api/eventCategories/${id}`, staff)).statusCode).toBe(204);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.action)).toEqual(['eventCategories.create', 'eventCategories.delete']);
    expect(rows[0]!.after).toMatchObject({ name: 'Catégorie du journal', slug: 'categorie-du-journal' });
    expect(rows[1]!.before).toMatchObject({ name: 'Catégorie du journal' });

    const share = await call('POST', '/api/shares', visitor, { target: { kind: 'event', id: DEMO_IDS.firstEvent } });
    if (share.statusCode === 201) expect(await rowsOf(share.json()._id)).toHaveLength(0);
  });

  it('is read by admins only, newest first, filtered by person and by resource', async () => {
    expect((await call('GET', '/api/dashboard/audit')).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/audit', visitor)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/audit', staff)).statusCode).toBe(403);

    expect((await call('PATCH', `/api/places/${DEMO_IDS.places.tap}`, admin, { name: 'Lieu renommé par l’admin' })).statusCode).toBe(200);
    const all = await audit('');
    expect(all.total).toBeGreaterThanOrEqual(3);
    const times = all.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byStaffEmail = await audit(`?actor=${encodeURIComponent(DEMO_ACCOUNTS.staff.email.toUpperCase())}`);
    expect(byStaffEmail.items.length).toBeGreaterThan(0);
    expect(byStaffEmail.items.every((entry) => entry.actorId === DEMO_IDS.users.staff)).toBe(true);
    const byStaffId = await audit(`?actor=${DEMO_IDS.users.staff}`);
    expect(byStaffId.total).toBe(byStaffEmail.total);

    const events = await audit('?resource=events');
    expect(events.items.length).toBeGreaterThan(0);
    expect(events.items.every((entry) => entry.targetType === 'events')).toBe(true);
    const one = await audit(`?resource=events&targetId=${DEMO_IDS.firstEvent}&limit=1`);
    expect(one.items).toHaveLength(1);
    expect(one.items[0]).toMatchObject({ action: 'events.update', targetId: DEMO_IDS.firstEvent, after: { title: 'Titre revu par l’équipe' } });

    const nobody = await audit('?actor=personne@ville.fr');
    expect(nobody).toEqual({ total: 0, items: [] });
    const bad = await call('GET', '/api/dashboard/audit?limit=1000', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('records a raffle’s draw, API keys made and revoked, and a task run by hand, with who did it', async () => {
    const drawn = await call('POST', `/api/raffles/${DEMO_IDS.closedRaffle}/draw`, staff);
    expect(drawn.statusCode, drawn.body).toBe(200);
    const [draw] = await rowsOf(DEMO_IDS.closedRaffle);
    expect(draw).toMatchObject({ action: 'raffles.draw', actor_id: DEMO_IDS.users.staff, after: { status: 'drawn' } });

    const key = await call('POST', '/api/me/apiKeys', staff, { name: 'Script du journal', scopes: ['read'] });
    expect(key.statusCode, key.body).toBe(201);
    const { id, key: secret } = key.json() as { id: string; key: string };
    expect((await call('DELETE', `/api/me/apiKeys/${id}`, staff)).statusCode).toBe(204);
    const keyRows = await rowsOf(id);
    expect(keyRows.map((row) => row.action)).toEqual(['apiKeys.create', 'apiKeys.revoke']);
    expect(keyRows[0]!.after).toMatchObject({ name: 'Script du journal', scopes: ['read'] });
    // The key itself is never written to the log.
    expect(JSON.stringify(keyRows)).not.toContain(secret);

    const [task] = await t.db.query<{ id: string }>(`SELECT id FROM tasks ORDER BY created_at LIMIT 1`);
    await call('POST', `/api/dashboard/tasks/${task!.id}/run`, admin);
    expect((await rowsOf(task!.id)).map((row) => [row.action, row.actor_id])).toEqual([['tasks.run', DEMO_IDS.users.admin]]);
  });

  it('prunes entries older than the retention, by the daily job and its clock', async () => {
    await t.db.query(`INSERT INTO audit_log (at, actor_label, action, target_type, target_id) VALUES ($1, 'ancien', 'events.update', 'events', 'ancien'), ($2, 'recent', 'events.update', 'events', 'recent')`, [
      new Date(clock - 400 * 86_400_000).toISOString(),
      new Date(clock - 300 * 86_400_000).toISOString(),
    ]);
    expect(await pruneAuditLog(t.db, new Date(clock), 365)).toBe(1);
    expect(await rowsOf('ancien')).toHaveLength(0);
    expect(await rowsOf('recent')).toHaveLength(1);

    // A year later the job, on the app's clock, takes the other one (default: 365 days).
    clock += 100 * 86_400_000;
    const run = await t.app.ctx.jobs.runNow(AUDIT_RETENTION_JOB);
    expect(run).toMatchObject({ outcome: 'ok', counts: { deleted: 1 } });
    expect(await rowsOf('recent')).toHaveLength(0);
  });

  it('names changed fields only, whatever the order of an object’s keys', () => {
    expect(changedFields({ a: 1, b: { x: 1, y: 2 }, c: 'same' }, { a: 2, b: { y: 2, x: 1 }, c: 'same', d: true })).toEqual({ before: { a: 1, d: null }, after: { a: 2, d: true } });
    expect(changedFields({ a: [1] }, { a: [1] })).toBeNull();
    expect(changedFields({ token: 'old' }, { token: 'new' }, ['token'])).toEqual({ before: { token: '…' }, after: { token: '…' } });
  });
});
