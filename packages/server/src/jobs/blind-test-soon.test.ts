import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '@sortie/core';
import { newId } from '../db/store';
import { testApp } from '../testing/test-app';

const T0 = Date.parse('2030-03-01T15:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('« Blind test ce soir »: the followers of a place hear of a blind test about to start there, once (issue 33)', () => {
  let clock = T0;
  let t: Awaited<ReturnType<typeof testApp>>;
  const ids = { follower: newId(), stranger: newId(), mailed: newId(), place: newId(), otherPlace: newId(), event: newId(), tonight: newId(), open: newId(), finished: newId(), elsewhere: newId() };
  const startsAt = T0 + 4 * HOUR;

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    const { store } = t.app.ctx;
    await store.insert('users', { displayName: 'Fanny Fidèle', email: 'fanny@example.fr', roles: [] }, { id: ids.follower });
    await store.insert('users', { displayName: 'Simon Passant', email: 'simon@example.fr', roles: [] }, { id: ids.stranger });
    await store.insert('users', {
      displayName: 'Mona Courriel', email: 'mona@example.fr', roles: [],
      notificationPreferences: { blindTestSoon: { inApp: false, push: false, email: true } },
    }, { id: ids.mailed });
    await store.insert('places', { name: 'Le Zinc', slug: 'le-zinc-test', address: { street: '1 rue du Marché', city: 'Poitiers' } }, { id: ids.place });
    await store.insert('places', { name: 'La Cave', slug: 'la-cave-test', address: { street: '2 rue du Pont', city: 'Poitiers' } }, { id: ids.otherPlace });
    await store.insert('events', { title: 'Soirée quiz', city: 'Poitiers', startsAt: new Date(startsAt).toISOString(), placeId: ids.place, status: 'published', description: '' }, { id: ids.event });
    // Tonight's blind test, at the place of its event; another whose host opened the game (its lobby), at the place itself.
    await store.insert('blindtests', { title: 'Années 80', eventId: ids.event, status: 'draft', questionIds: [] }, { id: ids.tonight });
    await store.insert('blindtests', { title: 'Tubes de l’été', placeId: ids.place, status: 'live', joinCode: '482913', questionIds: [], game: { code: '482913', status: 'lobby', questions: [] } }, { id: ids.open });
    await store.insert('blindtests', { title: 'Déjà joué', placeId: ids.place, status: 'finished', questionIds: [], game: { code: '111111', status: 'lobby', questions: [] } }, { id: ids.finished });
    await store.insert('blindtests', { title: 'Ailleurs', placeId: ids.otherPlace, status: 'live', joinCode: '222222', questionIds: [], game: { code: '222222', status: 'lobby', questions: [] } }, { id: ids.elsewhere });
    for (const user of [ids.follower, ids.mailed]) await t.db.query('INSERT INTO follows (id, user_id, target_kind, target_id, data) VALUES ($1, $2, $3, $4, $5)', [newId(), user, 'place', ids.place, '{}']);
  });
  afterAll(async () => {
    await t.close();
  });

  const notificationsOf = (userId: string) =>
    t.db.query<{ title: string; body: string; link: string }>(
      `SELECT data->>'title' AS title, data->>'body' AS body, data->>'link' AS link FROM notifications WHERE user_id = $1 AND data->>'title' LIKE 'Blind test%' ORDER BY created_at, id`,
      [userId],
    );
  const run = async () => {
    const ran = await t.app.ctx.jobs.runNow('notifications');
    expect(ran.outcome).toBe('ok');
    return ran;
  };

  it('tells a follower at once of a game the host opened (its code to join), and of tonight’s blind test within the hour before its evening, each once', async () => {
    clock = T0;
    await run();
    const open = { title: 'Blind test : Tubes de l’été', body: 'La partie est ouverte chez Le Zinc : rejoignez-la depuis votre téléphone.', link: '/j/482913' };
    expect(await notificationsOf(ids.follower)).toEqual([open]);

    // Two hours before the evening: not yet.
    clock = startsAt - 2 * HOUR;
    await run();
    expect(await notificationsOf(ids.follower)).toHaveLength(1);

    clock = startsAt - 50 * MIN;
    await run();
    clock = startsAt - 10 * MIN;
    await run();
    expect(await notificationsOf(ids.follower)).toEqual([
      open,
      { title: 'Blind test ce soir : Années 80', body: `Le blind test commence bientôt chez Le Zinc à ${formatTime(new Date(startsAt))}. Venez jouer !`, link: `/blindTests/${ids.tonight}` },
    ]);
  });

  it('tells no one who does not follow the place, and nothing of a finished game or of another place', async () => {
    expect(await notificationsOf(ids.stranger)).toEqual([]);
    const titles = (await notificationsOf(ids.follower)).map((n) => n.title).join(' ');
    expect(titles).not.toMatch(/Déjà joué|Ailleurs/);
  });

  it('follows the « blindTestSoon » preferences: by e-mail only, for who chose so', async () => {
    expect(await notificationsOf(ids.mailed)).toEqual([]);
    await t.app.fanOut.settled();
    expect(t.outbox.filter((mail) => mail.to === 'mona@example.fr').map((mail) => mail.subject).sort()).toEqual(['Blind test : Tubes de l’été', 'Blind test ce soir : Années 80']);
  });
});
