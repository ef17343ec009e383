import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentActor } from '@sortie/core/domain';
import { testApp } from '../testing/test-app';
import { DEMO_IDS } from '../demo/ids';
import type { Json } from '../db/store';
import { MATCH_READY_FRESH_MS, notifyMatchReady } from './match-ready';
import { TournamentRooms } from '../tournaments/tournament-rooms';

type Match = { id: string; a: string | null; b: string | null; status: string; station?: string; calledAt?: number };
type Participant = { id: string; name: string; userId?: string };

const STAFF: TournamentActor = { id: DEMO_IDS.users.staff, name: 'Samir', staff: true };
const VISITOR: TournamentActor = { id: DEMO_IDS.users.visitor, name: 'Valentine', staff: false };
const MINUTE = 60_000;

describe('« Votre prochain match est prêt »: a tournament player with an account hears that their match is called, with its table (issue 33)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let clock = Date.parse('2026-11-28T19:00:00Z');

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const matchNotifications = (userId: string) =>
    t.db.query<{ title: string; body: string; link: string }>(
      `SELECT data->>'title' AS title, data->>'body' AS body, data->>'link' AS link FROM notifications WHERE user_id = $1 AND data->>'title' LIKE 'Votre prochain match%' ORDER BY created_at, id`,
      [userId],
    );

  /** The app's own tournaments authority: its writes reach the socket's `changed` callback, where the call is made. */
  const appRooms = (): TournamentRooms => {
    const rooms = t.app.ctx.tournaments;
    if (!(rooms instanceof TournamentRooms)) throw new Error('socket.io is not attached: no tournaments authority');
    return rooms;
  };

  /** A single elimination on two tables: the visitor (an account) and three walk-ins (no account), started. */
  async function started(name: string): Promise<{ id: string; state: Json }> {
    const rooms = appRooms();
    const created = await t.app.ctx.store.insert('tournaments', {
      name, game: 'Mario Kart', format: 'single_elimination', status: 'registration', settings: { stations: ['Table 1', 'Table 2'], matchMinutes: 15 },
      participants: [], matches: [], standings: [], winnerId: null,
    });
    await rooms.run(created._id, 'join', VISITOR, { name: 'Valentine' });
    for (const walkIn of ['Anna', 'Bruno', 'Chloé']) await rooms.run(created._id, 'addParticipant', STAFF, { name: walkIn });
    return { id: created._id, state: await rooms.run(created._id, 'start', STAFF, {}) };
  }

  it('sends the visitor, once the tournament starts, their table and opponent, through the fan-out (in the app, on their phones), once per match', async () => {
    const { id, state } = await started('Mario Kart du samedi');
    const participants = state['participants'] as Participant[];
    const me = participants.find((p) => p.userId === DEMO_IDS.users.visitor)!;
    const mine = (state['matches'] as Match[]).find((m) => m.a === me.id || m.b === me.id)!;
    expect(mine.station).toMatch(/^Table [12]$/);
    const opponent = participants.find((p) => p.id === (mine.a === me.id ? mine.b : mine.a))!;

    await expect.poll(() => matchNotifications(DEMO_IDS.users.visitor)).toEqual([
      {
        title: `Votre prochain match est prêt : ${mine.station}`,
        body: `Mario Kart du samedi : contre ${opponent.name}, rendez-vous au poste « ${mine.station} ».`,
        link: `/tournaments/${id}`,
      },
    ]);
    // Queued on the fan-out under its key (the app's row, and the phones', as the preferences say).
    const [key] = await t.db.query<{ key: string }>('SELECT key FROM notification_keys WHERE key = $1', [`match-ready:${id}:${mine.id}:${DEMO_IDS.users.visitor}`]);
    expect(key).toBeDefined();

    // The tournament is written again and again (the other table's score): the call is not sent twice,
    // nor by another process (another app context) seeing the same state.
    const other = (state['matches'] as Match[]).find((m) => m.station && m.id !== mine.id)!;
    clock += 10 * MINUTE;
    const later = await appRooms().run(id, 'reportScore', STAFF, { matchId: other.id, scoreA: 2, scoreB: 1 });
    notifyMatchReady({ ...t.app.ctx }, later);
    await t.app.fanOut.settled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await matchNotifications(DEMO_IDS.users.visitor)).toHaveLength(1);
  });

  it('tells no one when the players have no account, nor for a call older than a quarter of an hour, nor for a match played', async () => {
    const before = (await matchNotifications(DEMO_IDS.users.visitor)).length;
    const tournament = (calledAt: number, status = 'ready') => ({
      _id: 'tournament-late', name: 'Fléchettes', participants: [{ id: 'p1', name: 'Valentine', userId: DEMO_IDS.users.visitor }, { id: 'p2', name: 'Anna' }],
      matches: [{ id: 'm1', status, a: 'p1', b: 'p2', station: 'Cible 1', calledAt }],
    });
    notifyMatchReady(t.app.ctx, tournament(clock - MATCH_READY_FRESH_MS - 1));
    notifyMatchReady(t.app.ctx, tournament(clock, 'done'));
    notifyMatchReady(t.app.ctx, { ...tournament(clock), participants: [{ id: 'p1', name: 'Anna' }, { id: 'p2', name: 'Bruno' }] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await matchNotifications(DEMO_IDS.users.visitor)).toHaveLength(before);

    // Called just now, to a player with an account: the notification leaves.
    notifyMatchReady(t.app.ctx, tournament(clock));
    await expect.poll(async () => (await matchNotifications(DEMO_IDS.users.visitor)).at(-1)?.body).toBe('Fléchettes : contre Anna, rendez-vous au poste « Cible 1 ».');
  });

  it('follows the player’s « matchReady » preferences: by e-mail only when they chose so', async () => {
    await t.db.query(`UPDATE users SET data = jsonb_set(data, '{notificationPreferences}', $2::jsonb) WHERE id = $1`, [
      DEMO_IDS.users.visitor, JSON.stringify({ matchReady: { inApp: false, push: false, email: true } }),
    ]);
    try {
      const before = (await matchNotifications(DEMO_IDS.users.visitor)).length;
      notifyMatchReady(t.app.ctx, {
        _id: 'tournament-mail', name: 'Billard', participants: [{ id: 'p1', name: 'Valentine', userId: DEMO_IDS.users.visitor }, { id: 'p2', name: 'Anna' }],
        matches: [{ id: 'm1', status: 'ready', a: 'p1', b: 'p2', station: 'Table 2', calledAt: clock }],
      });
      await expect.poll(() => t.outbox.filter((mail) => mail.subject === 'Votre prochain match est prêt : Table 2').length, { timeout: 5_000 }).toBe(1);
      expect(await matchNotifications(DEMO_IDS.users.visitor)).toHaveLength(before);
    } finally {
      await t.db.query(`UPDATE users SET data = data - 'notificationPreferences' WHERE id = $1`, [DEMO_IDS.users.visitor]);
    }
  });
});
