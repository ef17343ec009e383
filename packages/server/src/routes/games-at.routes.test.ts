import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventGamesSchema, PlaceTonightSchema, RESOURCES, type ResourceName } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { newId } from '../db/store';

const HOUR = 3600_000;
// Thursday 26 November 2026, 21:30 in Paris.
const NOW = Date.parse('2026-11-26T20:30:00.000Z');

/** The one request of an event's page for its games, and of a place's page for « Ce soir ». */
describe('what the public pages lead to', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp({ now: () => NOW });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  /**
   * A record as core's schema makes it, with the state only the server's own code sets (a game
   * being played, a tournament running, a count); like any write through the API, it clears the
   * public reads' cache.
   */
  const insert = async (resource: ResourceName, data: Record<string, unknown>, serverState: Record<string, unknown> = {}) => {
    const record = await t.app.ctx.store.insert(resource, { ...(RESOURCES[resource].input.parse(data) as Record<string, unknown>), ...(resource === 'events' ? { likeCount: 0 } : {}), ...serverState }, { id: newId() });
    t.app.ctx.cache.clear();
    return record;
  };
  const at = (offset: number) => new Date(NOW + offset).toISOString();
  const ids = (items: Array<{ _id: string }>) => items.map((item) => item._id);

  describe('GET /api/events/:id/games', () => {
    it('gives the demo’s games night its tournaments, its championship, its raffle and its form in one answer', async () => {
      const answer = await get(`/api/events/${DEMO_IDS.gamesEvent}/games`);
      expect(answer.statusCode, answer.body).toBe(200);
      const games = answer.json();
      expect(games.tournaments.length).toBeGreaterThanOrEqual(2);
      expect(games.championships).toHaveLength(1);
      expect(ids(games.raffles)).toContain(DEMO_IDS.raffle);
      expect(ids(games.forms)).toEqual([DEMO_IDS.form]);
      // The shape the web app reads without parsing it (core's schema, as its tests' fake answers).
      expect(EventGamesSchema.safeParse(games).error).toBeUndefined();
    });

    it('leaves out draft raffles and blind tests, never shows a game’s answers, and gives the join code of a game being played', async () => {
      const event = DEMO_IDS.gamesEvent;
      const draft = await insert('raffles', { title: 'Tombola pas prête', status: 'draft', eventId: event, opensAt: at(HOUR), closesAt: at(2 * HOUR) });
      const hidden = await insert('blindtests', { title: 'Blind test en préparation', status: 'draft', eventId: event });
      const live = await insert('blindtests', { title: 'Blind test des années 90', status: 'live', eventId: event }, { joinCode: '482913', game: { answers: ['secret'] } });
      const games = (await get(`/api/events/${event}/games`)).json();
      expect(ids(games.raffles)).not.toContain(draft._id);
      expect(ids(games.blindTests)).not.toContain(hidden._id);
      const played = games.blindTests.find((test: { _id: string }) => test._id === live._id);
      expect(played).toMatchObject({ title: 'Blind test des années 90', joinCode: '482913' });
      expect(played).not.toHaveProperty('game');
    });

    it('answers 404 in French for a draft event, except to staff, and for an unknown or malformed id', async () => {
      const draft = await insert('events', { title: 'Soirée pas encore annoncée', city: 'Poitiers', startsAt: at(2 * 24 * HOUR), status: 'draft' });
      const anonymous = await get(`/api/events/${draft._id}/games`);
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.json().message).toBe('Événement introuvable.');
      expect((await get(`/api/events/${draft._id}/games`, staff)).statusCode).toBe(200);
      expect((await get(`/api/events/${newId()}/games`)).statusCode).toBe(404);
      expect((await get('/api/events/pas-un-id/games')).statusCode).toBe(404);
    });
  });

  describe('GET /api/places/:id/tonight', () => {
    it('lists today’s events not over yet, the tournaments running there, a blind test being played and a raffle taking entries', async () => {
      const place = await insert('places', { name: 'Le Zinc', slug: 'le-zinc', address: { street: '1 rue du Zinc', postalCode: '86000', city: 'Poitiers' } });
      const event = (title: string, startsAt: string, more: Record<string, unknown> = {}) => insert('events', { title, city: 'Poitiers', placeId: place._id, startsAt, status: 'published', ...more });
      const underWay = await event('Concert en cours', at(-HOUR));
      const later = await event('Jam de fin de soirée', at(HOUR));
      const over = await event('Apéro fini', at(-3 * HOUR), { endsAt: at(-HOUR) });
      const noEndLongAgo = await event('Brocante du matin', at(-5 * HOUR));
      const tomorrow = await event('Demain soir', at(24 * HOUR));
      const draft = await event('Pas encore annoncé', at(HOUR), { status: 'draft' });
      const running = await insert('tournaments', { name: 'Baby-foot', game: 'Baby-foot', eventId: underWay._id }, { status: 'running' });
      const signUps = await insert('tournaments', { name: 'Fléchettes', game: 'Fléchettes', status: 'registration', eventId: later._id });
      const playing = await insert('blindtests', { title: 'Blind test du Zinc', status: 'live', placeId: place._id }, { game: { answers: ['secret'] } });
      const open = await insert('raffles', { title: 'Tombola du Zinc', status: 'open', legalBasis: 'free_draw', placeId: place._id, opensAt: at(-HOUR), closesAt: at(HOUR) });
      const closing = await insert('raffles', { title: 'Tombola close', status: 'open', legalBasis: 'free_draw', placeId: place._id, opensAt: at(-2 * HOUR), closesAt: at(-1) });

      const answer = await get(`/api/places/${place._id}/tonight`);
      expect(answer.statusCode, answer.body).toBe(200);
      const tonight = answer.json();
      expect(ids(tonight.events)).toEqual([underWay._id, later._id]);
      for (const left of [over, noEndLongAgo, tomorrow, draft]) expect(ids(tonight.events)).not.toContain(left._id);
      expect(ids(tonight.tournaments)).toEqual([running._id]);
      expect(ids(tonight.tournaments)).not.toContain(signUps._id);
      expect(ids(tonight.blindTests)).toEqual([playing._id]);
      expect(tonight.blindTests[0]).not.toHaveProperty('game');
      expect(ids(tonight.raffles)).toEqual([open._id]);
      expect(ids(tonight.raffles)).not.toContain(closing._id);
      expect(PlaceTonightSchema.safeParse(tonight).error).toBeUndefined();
    });

    it('answers empty lists on a quiet day, and 404 in French for an unknown place', async () => {
      const quiet = await insert('places', { name: 'Le Calme', slug: 'le-calme', address: { street: '2 rue du Calme', postalCode: '86000', city: 'Poitiers' } });
      expect((await get(`/api/places/${quiet._id}/tonight`)).json()).toEqual({ events: [], tournaments: [], blindTests: [], raffles: [] });
      const unknown = await get(`/api/places/${newId()}/tonight`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Lieu introuvable.');
    });
  });
});
