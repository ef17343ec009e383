import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TournamentRefusal, type TournamentActor } from '@sortie/core/domain';
import { BACKENDS, openTestDb } from '../testing/test-app';
import { Store, type Json } from '../db/store';
import type { Db } from '../db/database';
import { TournamentRooms } from './tournament-rooms';

const STAFF: TournamentActor = { id: 'staff-1', name: 'Camille', staff: true };
const AUDITED = { id: 'staff-1', label: 'camille@bar.example' };

// The tournaments' authority runs the actions arriving together as one batch (live/live-authority.ts):
// one write, one broadcast, each staff action in the audit log with it, a refused one changing nothing.
describe.each(BACKENDS)('actions arriving together on the tournament authority, on %s', (backend) => {
  let db: Db;
  let store: Store;
  const rooms: TournamentRooms[] = [];

  beforeAll(async () => {
    db = await openTestDb(backend);
    store = new Store(db);
  });
  afterAll(async () => {
    for (const authority of rooms) await authority.close();
    await db.close();
  });

  it('stores staff actions sent at once in one write, each logged, and refuses a visitor’s among them alone', async () => {
    const broadcast: Json[] = [];
    const authority = new TournamentRooms({ db, store, changed: (t) => broadcast.push(t), followed: () => true, log: () => undefined });
    rooms.push(authority);
    const created = await store.insert('tournaments', { name: 'Quiz du mardi', game: 'Mario Kart', format: 'single_elimination', status: 'registration', settings: {}, participants: [], matches: [], standings: [], winnerId: null });
    const id = created._id;
    await authority.read(id);
    const calls = [
      authority.run(id, 'addParticipant', STAFF, { name: 'Anna' }, AUDITED),
      authority.run(id, 'addParticipant', STAFF, { name: 'Bruno' }, AUDITED),
      authority.run(id, 'addParticipant', null, { name: 'Intrus' }),
      authority.run(id, 'addParticipant', STAFF, { name: 'Chloé' }, AUDITED),
    ];
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(TournamentRefusal);
    const names = (t: Json) => (t['participants'] as Array<{ name: string }>).map((p) => p.name);
    for (const s of settled) if (s.status === 'fulfilled') expect(names(s.value)).toEqual(['Anna', 'Bruno', 'Chloé']);
    expect(broadcast.map(names)).toEqual([['Anna', 'Bruno', 'Chloé']]);
    const logged = await db.query<{ action: string; after: { name: string } }>(`SELECT action, after FROM audit_log WHERE target_id = $1 ORDER BY id`, [id]);
    expect(logged.map((row) => [row.action, row.after.name])).toEqual([
      ['tournaments.addParticipant', 'Anna'],
      ['tournaments.addParticipant', 'Bruno'],
      ['tournaments.addParticipant', 'Chloé'],
    ]);
    expect(names((await authority.read(id))!)).toEqual(['Anna', 'Bruno', 'Chloé']);
  });
});
