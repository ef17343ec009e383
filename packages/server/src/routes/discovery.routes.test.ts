import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

describe.each(BACKENDS)('discovery routes on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let visitor: string;
  beforeAll(async () => {
    t = await testApp({ backend });
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());
  const likes = (method: 'GET' | 'PUT' | 'DELETE', eventId: string, cookie?: string) =>
    t.app.inject({ method, url: `/api/me/likes/${eventId}`, headers: cookie ? { cookie } : {} });

  it('GET /api/me/likes/{eventId} follows PUT and DELETE', async () => {
    const event = DEMO_IDS.firstEvent;
    await likes('DELETE', event, visitor);
    expect((await likes('GET', event, visitor)).json()).toEqual({ liked: false, eventId: event });
    expect((await likes('PUT', event, visitor)).statusCode).toBe(200);
    const after = await likes('GET', event, visitor);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ liked: true, eventId: event });
    await likes('DELETE', event, visitor);
    expect((await likes('GET', event, visitor)).json().liked).toBe(false);
  });

  it('asks an anonymous visitor to sign in, and answers « not liked » for an id that is not one', async () => {
    const anonymous = await likes('GET', DEMO_IDS.firstEvent);
    expect(anonymous.statusCode).toBe(401);
    expect(typeof anonymous.json().message).toBe('string');
    const odd = await likes('GET', 'pas-un-id', visitor);
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual({ liked: false, eventId: 'pas-un-id' });
  });

  it.each(['theatre', 'THÉÂTRE', 'Theatre auditorium', 'theatr', 'téatre'])('GET /api/search?q=%s finds « TAP – Théâtre Auditorium » among the places', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    const places = res.json().items.filter((hit: { kind: string }) => hit.kind === 'place');
    expect(places.map((hit: { _id: string; title: string }) => [hit._id, hit.title])).toContainEqual([DEMO_IDS.places.tap, 'TAP – Théâtre Auditorium']);
  });
});
