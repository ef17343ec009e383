import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Create, Event, Place } from '@fedify/fedify';
import { DEMO_ACCOUNTS, DEMO_IDS, demoId } from '../demo/ids';
import { DEMO_QUIZ_SERIES } from '../demo/series';
import { freePort, settle } from './testing/federated-node';
import { signIn, testApp } from '../testing/test-app';
import { startMastodonActor, type MastodonActor } from './testing/mastodon-actor';

/*
 * Issue 35, « Done when »: an actor that speaks as Mastodon does (its own key pair, draft-cavage
 * signatures only) follows a place, receives an Accept, then a Create whose object parses with
 * fedify's vocabulary as an Event with a location and a start time.
 */
/**
 * A Sortie server for federation tests: an app on its own PGlite data (the demo), listening on
 * `port` of 127.0.0.1, that origin as its public address, allowing `allowed` origins through
 * SORTIE_ALLOWED_PRIVATE_ORIGINS; `cookie` is a staff session.
 */
async function startFederatedNode(port: number, allowed: string[], now?: () => number) {
  const origin = `http://127.0.0.1:${port}`;
  const node = await testApp({ config: { publicUrl: origin, allowedPrivateOrigins: allowed }, now });
  await node.app.listen({ port, host: '127.0.0.1' });
  const cookie = await signIn(node.app, DEMO_ACCOUNTS.staff.email);
  return { ...node, origin, cookie };
}
type FederatedNode = Awaited<ReturnType<typeof startFederatedNode>>;

describe('a Mastodon-like follower', () => {
  let mastodon: MastodonActor;
  let node: FederatedNode;
  const place = DEMO_IDS.places.confort;

  beforeAll(async () => {
    mastodon = await startMastodonActor();
    node = await startFederatedNode(await freePort(), [mastodon.origin]);
  });
  afterAll(async () => {
    await node?.close();
    await mastodon?.close();
  });

  const deliver = (activity: Record<string, unknown>) => mastodon.send(`${node.origin}/ap/inbox`, activity);

  it('follows a place, gets an Accept, then a Create of an Event with a location and a start time', async () => {
    const { origin, cookie } = node;
    const actor = `${origin}/ap/actors/${place}`;
    const status = await deliver({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${mastodon.id}#follows/1`, type: 'Follow', actor: mastodon.id, object: actor });
    expect(status).toBe(202);
    await settle(node);
    const accept = mastodon.received.find((item) => item.body.type === 'Accept');
    expect(accept?.body).toMatchObject({ actor, object: { type: 'Follow', actor: mastodon.id, object: actor } });
    // Mastodon takes draft-cavage only: the RFC 9421 knock was refused, the second one taken.
    expect(mastodon.refused).toEqual([{ status: 401, reason: 'RFC 9421' }]);

    const created = await node.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: { title: 'Quiz du mardi', startsAt: '2027-02-02T19:30:00.000Z', endsAt: '2027-02-02T22:00:00.000Z', city: 'Poitiers', placeId: place, status: 'published', description: 'Venez en équipe.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await settle(node);
    const create = mastodon.received.find((item) => item.body.type === 'Create' && JSON.stringify(item.body).includes('Quiz du mardi'));
    expect(create, JSON.stringify(mastodon.refused)).toBeDefined();
    // The shared inbox the follower offers is used.
    expect(create!.path).toBe('/inbox');
    // The server remembered that draft-cavage is what this one takes: no second refusal.
    expect(mastodon.refused).toHaveLength(1);
    const activity = await Create.fromJsonLd(create!.body);
    const object = await activity.getObject();
    if (!(object instanceof Event)) throw new Error(`Event attendu, reçu ${String(object)}`);
    const event = object;
    // The place's earlier events were not sent to the new follower: only what changed since it followed.
    expect(mastodon.received.filter((item) => item.body.type === 'Create')).toHaveLength(1);
    expect(event.startTime?.toString()).toBe('2027-02-02T19:30:00Z');
    expect(event.name?.toString()).toBe('Quiz du mardi');
    const location = await event.getLocation();
    expect(location).toBeInstanceOf(Place);
    expect(location?.name?.toString()).toBe('Confort Moderne');
    expect(create!.body.object).toMatchObject({ location: { address: { type: 'PostalAddress', addressLocality: 'Poitiers' } }, url: `${origin}/events/${created.json()._id}` });
  });

  it('hears a weekly series date cancelled alone as an Update with eventStatus cancelled, the other dates left as they are', async () => {
    const { origin, cookie } = node;
    const pub = demoId('place:le-pince-oreille');
    const actor = `${origin}/ap/actors/${pub}`;
    expect(await deliver({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${mastodon.id}#follows/2`, type: 'Follow', actor: mastodon.id, object: actor })).toBe(202);
    await settle(node);
    const dates = await node.db.query<{ id: string }>('SELECT id FROM events WHERE series_id = $1 ORDER BY occurrence_date LIMIT 2', [DEMO_QUIZ_SERIES]);
    expect(dates).toHaveLength(2);
    const [cancelled, kept] = dates.map((row) => row.id);
    // « Cette date seulement », as the dashboard's dialog sends it.
    const patch = await node.app.inject({ method: 'PATCH', url: `/api/series/${DEMO_QUIZ_SERIES}/occurrences/${cancelled}`, headers: { cookie }, payload: { status: 'cancelled' } });
    expect(patch.statusCode, patch.body).toBe(200);
    await settle(node);
    const about = (id: string) => mastodon.received.filter((item) => JSON.stringify(item.body.object ?? '').includes(`/events/${id}`));
    const update = about(cancelled!).find((item) => item.body.type === 'Update');
    expect(update?.body.object).toMatchObject({ type: 'Event', eventStatus: 'https://schema.org/EventCancelled' });
    expect(about(kept!)).toEqual([]);
  });
});
