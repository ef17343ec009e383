import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

/** What an event's page reads to lead visitors to its games. */
describe('the games of an event, as its page lists them', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());
  const items = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { items: Array<{ _id: string; eventId?: string }> }).items;
  };

  it('gives the demo’s games night its tournaments, its championship, a raffle and a form', async () => {
    const event = DEMO_IDS.gamesEvent;
    expect((await items(`/api/tournaments?eventId=${event}`)).length).toBeGreaterThanOrEqual(2);
    expect((await items(`/api/championships?eventId=${event}`)).length).toBe(1);
    expect((await items(`/api/raffles?eventId=${event}`)).map((r) => r._id)).toContain(DEMO_IDS.raffle);
    expect((await items(`/api/forms?eventId=${event}`)).map((f) => f._id)).toEqual([DEMO_IDS.form]);
  });

  it('filters forms by their event, so another event lists none of them', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/forms', headers: { cookie: staff }, payload: { title: 'Inscription au quiz', eventId: DEMO_IDS.firstEvent } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await items(`/api/forms?eventId=${DEMO_IDS.firstEvent}`)).map((f) => f._id)).toEqual([created.json()._id]);
    expect((await items(`/api/forms?eventId=${DEMO_IDS.gamesEvent}`)).map((f) => f._id)).not.toContain(created.json()._id);
  });
});
