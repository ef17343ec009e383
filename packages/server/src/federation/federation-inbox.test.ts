import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { freePort, settle } from './testing/federated-node';
import { signIn, testApp } from '../testing/test-app';
import { startMastodonActor, type MastodonActor } from './testing/mastodon-actor';

/*
 * What remote servers do to our actors, and what staff see of it: Undo of a Follow, Like,
 * Announce and Mobilizon's Join of an event on the dashboard, the « Fédération » switch off,
 * retried deliveries, and the private-address rule on every outgoing request.
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

describe('federation inbox and switch', () => {
  let mastodon: MastodonActor;
  let node: FederatedNode;
  let clock = Date.parse('2026-11-27T08:00:00.000Z');
  const place = DEMO_IDS.places.tap;
  const organization = DEMO_IDS.organizations.jazzAPoitiers;

  beforeAll(async () => {
    mastodon = await startMastodonActor('fan');
    node = await startFederatedNode(await freePort(), [mastodon.origin], () => clock);
  });
  afterAll(async () => {
    await node?.close();
    await mastodon?.close();
  });

  const actor = (id: string) => `${node.origin}/ap/actors/${id}`;
  const deliver = (activity: Record<string, unknown>) => mastodon.send(`${node.origin}/ap/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', ...activity });
  const overview = async (kind: 'places' | 'organizations', id: string) => (await node.app.inject({ method: 'GET', url: `/api/federation/${kind}/${id}`, headers: { cookie: node.cookie } })).json();

  it('serves the actor with its public keys only, and sends a browser to the place’s page', async () => {
    const answer = await node.app.inject({ method: 'GET', url: `/ap/actors/${place}`, headers: { accept: 'application/activity+json' } });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document).toMatchObject({ id: actor(place), type: 'Organization', preferredUsername: 'tap-theatre', url: `${node.origin}/places/${place}`, inbox: `${actor(place)}/inbox`, outbox: `${actor(place)}/outbox`, followers: `${actor(place)}/followers`, endpoints: { sharedInbox: `${node.origin}/ap/inbox` } });
    expect(document.publicKey).toMatchObject({ id: `${actor(place)}#main-key`, owner: actor(place) });
    expect(document.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(document.assertionMethod).toEqual([expect.objectContaining({ type: 'Multikey', publicKeyMultibase: expect.stringMatching(/^z/) })]);
    // No private half anywhere (a JWK's private members are d, p, q…).
    expect(answer.body).not.toMatch(/"(d|p|q|dp|dq|qi|privateKey)"/);
    expect(JSON.stringify(await overview('places', place))).not.toMatch(/"(d|p|q|privateKey)"/);
    const links = (await node.app.inject({ method: 'GET', url: '/.well-known/nodeinfo' })).json();
    const nodeInfo = await node.app.inject({ method: 'GET', url: new URL(links.links[0].href).pathname });
    expect(nodeInfo.json()).toMatchObject({ software: { name: 'sortie' }, protocols: ['activitypub'] });
    const browser = await node.app.inject({ method: 'GET', url: `/ap/actors/${place}`, headers: { accept: 'text/html' } });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`${node.origin}/places/${place}`);
  });

  it('gives an organisation named as a place has its slug another handle, and WebFinger answers the place for the slug', async () => {
    const created = await node.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: node.cookie }, payload: { name: 'TAP Théâtre' } });
    expect(created.statusCode, created.body).toBe(201);
    const host = new URL(node.origin).host;
    expect((await overview('organizations', created.json()._id)).handle).toBe(`@tap-theatre-2@${host}`);
    const finger = async (handle: string) => (await node.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${handle}@${host}`)}` })).json().links.find((link: { rel: string }) => link.rel === 'self').href;
    expect(await finger('tap-theatre')).toBe(actor(place));
    expect(await finger('tap-theatre-2')).toBe(actor(created.json()._id));
  });

  it('lists a follower, then forgets it after its Undo', async () => {
    const follow = { id: `${mastodon.id}#follows/undo`, type: 'Follow', actor: mastodon.id, object: actor(place) };
    expect(await deliver(follow)).toBe(202);
    await settle(node);
    expect((await overview('places', place)).followers).toEqual([expect.objectContaining({ actor: mastodon.id, handle: `@fan@${new URL(mastodon.origin).host}` })]);
    expect(await deliver({ id: `${mastodon.id}#undo/1`, type: 'Undo', actor: mastodon.id, object: follow })).toBe(202);
    expect((await overview('places', place)).followers).toEqual([]);
  });

  it('shows a remote Like, Announce and Join of an event to staff, and takes back an undone Like', async () => {
    const created = await node.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: node.cookie }, payload: { title: 'Bal folk', startsAt: '2027-01-20T19:00:00.000Z', city: 'Poitiers', placeId: place, status: 'published' } });
    const eventId: string = created.json()._id;
    const object = `${actor(place)}/events/${eventId}`;
    expect(await deliver({ id: `${mastodon.id}#likes/1`, type: 'Like', actor: mastodon.id, object })).toBe(202);
    expect(await deliver({ id: `${mastodon.id}#announces/1`, type: 'Announce', actor: mastodon.id, object })).toBe(202);
    expect(await deliver({ id: `${mastodon.id}#joins/1`, type: 'Join', actor: mastodon.id, object })).toBe(202);
    const { interactions } = await overview('places', place);
    expect(interactions.map((item: { kind: string }) => item.kind).sort()).toEqual(['announce', 'join', 'like']);
    expect(interactions[0]).toMatchObject({ actor: mastodon.id, eventId, eventTitle: 'Bal folk' });
    expect(await deliver({ id: `${mastodon.id}#undo/2`, type: 'Undo', actor: mastodon.id, object: { id: `${mastodon.id}#likes/1`, type: 'Like', actor: mastodon.id, object } })).toBe(202);
    expect((await overview('places', place)).interactions.map((item: { kind: string }) => item.kind).sort()).toEqual(['announce', 'join']);
  });

  it('switched off, the actor answers 404, WebFinger does not know it and nothing is sent', async () => {
    const handle = `acct:${(await overview('organizations', organization)).handle.slice(1)}`;
    expect((await node.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=${encodeURIComponent(handle)}` })).statusCode).toBe(200);
    expect(await deliver({ id: `${mastodon.id}#follows/org`, type: 'Follow', actor: mastodon.id, object: actor(organization) })).toBe(202);
    await settle(node);
    const before = mastodon.received.length;

    const off = await node.app.inject({ method: 'PUT', url: `/api/federation/organizations/${organization}`, headers: { cookie: node.cookie }, payload: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().enabled).toBe(false);
    const document = await node.app.inject({ method: 'GET', url: `/ap/actors/${organization}`, headers: { accept: 'application/activity+json' } });
    expect(document.statusCode).toBe(404);
    expect((await node.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=${encodeURIComponent(handle)}` })).statusCode).toBe(404);
    await node.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: node.cookie }, payload: { title: 'Jazz au parc', startsAt: '2027-06-20T19:00:00.000Z', city: 'Poitiers', organizationId: organization, status: 'published' } });
    await settle(node);
    expect(mastodon.received.length).toBe(before);

    const on = await node.app.inject({ method: 'PUT', url: `/api/federation/organizations/${organization}`, headers: { cookie: node.cookie }, payload: { enabled: true } });
    expect(on.json().enabled).toBe(true);
    await settle(node);
    expect(mastodon.received.slice(before).map((item) => item.body.type)).toEqual(['Create']);
  });

  it('tries a delivery again after a failure, later, on the fake clock', async () => {
    mastodon.failWith(503);
    const moved = await node.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: node.cookie }, payload: { title: 'Jam session', startsAt: '2027-07-01T19:00:00.000Z', city: 'Poitiers', organizationId: organization, status: 'published' } });
    expect(moved.statusCode).toBe(201);
    await settle(node);
    const [pending] = await node.db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM federation_deliveries WHERE activity->'object'->>'name' = 'Jam session'`);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    mastodon.failWith(null);
    // Not before its time: one minute after the failure.
    await settle(node);
    expect(mastodon.received.some((item) => JSON.stringify(item.body).includes('Jam session'))).toBe(false);
    clock += 61_000;
    await settle(node);
    expect(mastodon.received.some((item) => JSON.stringify(item.body).includes('Jam session'))).toBe(true);
  });

  it('sends Delete when an event is deleted', async () => {
    const created = await node.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: node.cookie }, payload: { title: 'Concert supprimé', startsAt: '2027-08-01T19:00:00.000Z', city: 'Poitiers', organizationId: organization, status: 'published' } });
    const eventId: string = created.json()._id;
    await settle(node);
    expect((await node.app.inject({ method: 'DELETE', url: `/api/events/${eventId}`, headers: { cookie: node.cookie } })).statusCode).toBeLessThan(300);
    await settle(node);
    const object = `${actor(organization)}/events/${eventId}`;
    const types = mastodon.received.filter((item) => JSON.stringify(item.body).includes(object)).map((item) => item.body.type);
    expect(types).toEqual(['Create', 'Delete']);
    const copy = await node.app.inject({ method: 'GET', url: `/ap/actors/${organization}/events/${eventId}`, headers: { accept: 'application/activity+json' } });
    expect(copy.statusCode).toBe(410);
  });

  it('federates an event written by another path (a collector, the series job) through the « federation » job', async () => {
    const before = mastodon.received.length;
    // Straight into the store, as a collector writes: no route, no hook.
    const stored = await node.app.ctx.store.insert('events', { title: 'Importé du calendrier', startsAt: '2027-09-01T19:00:00.000Z', city: 'Poitiers', organizationId: organization, status: 'published', description: '', artistIds: [], categoryIds: [], tags: [], price: { free: true }, likeCount: 0 });
    const run = await node.app.ctx.jobs.runNow('federation');
    expect(run).toMatchObject({ outcome: 'ok', counts: { created: 1 } });
    const sent = mastodon.received.slice(before);
    expect(sent.map((item) => [item.body.type, JSON.stringify(item.body).includes(`/events/${stored._id}`)])).toEqual([['Create', true]]);
    // Changed in what the fediverse does not show (its tags): no Update.
    const patched = await node.app.inject({ method: 'PATCH', url: `/api/events/${stored._id}`, headers: { cookie: node.cookie }, payload: { tags: ['jazz'] } });
    expect(patched.statusCode).toBe(200);
    await settle(node);
    expect(mastodon.received.length).toBe(before + 1);
  });

  it('refuses to reach a private address the operator did not allow', async () => {
    const stranger = await startMastodonActor('inconnu');
    try {
      const answer = await node.app.inject({ method: 'POST', url: `/api/federation/places/${place}/following`, headers: { cookie: node.cookie }, payload: { handle: `@inconnu@${new URL(stranger.origin).host}` } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('adresse privée ou locale');
      // Its Follow, signed by a key on a private address, cannot be verified: refused, nothing kept.
      expect(await stranger.send(`${node.origin}/ap/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: `${stranger.id}#f`, type: 'Follow', actor: stranger.id, object: actor(place) })).toBe(401);
      expect((await overview('places', place)).followers).toEqual([]);
    } finally {
      await stranger.close();
    }
  });
});
