import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { loadDemo } from '../demo/load';
import { openDatabase } from '../db/open-database';
import { freePort, settle } from './testing/federated-node';
import { signIn, testApp } from '../testing/test-app';

/*
 * Issue 35, « Done when »: two Sortie servers (two apps, each on its own data folder of the
 * embedded database as `pnpm start` makes it, on two ports of this machine, each allowing the other through SORTIE_ALLOWED_PRIVATE_ORIGINS). B's
 * place follows `@confort-moderne@A` found by WebFinger; A lists B's actor among its followers;
 * A publishes an event, moves it, cancels it; B's inbox receives Create, Update and Delete, each
 * verified with A's published key; a forged signature is refused with 401.
 */
/**
 * A Sortie server for federation tests: an app on a data folder of its own (the embedded
 * database, the demo loaded as a first start loads it), listening on `port` of 127.0.0.1, that
 * origin as its public address, allowing `allowed` origins through SORTIE_ALLOWED_PRIVATE_ORIGINS;
 * `cookie` is a staff session.
 */
async function startFederatedNode(port: number, allowed: string[], now?: () => number) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sortie-federation-'));
  dataDirs.push(dataDir);
  const db = await openDatabase({ dataDir });
  await loadDemo(db, { password: 'sortie-demo', production: false, now: Date.now() });
  const node = await testApp({ db, config: { publicUrl: origin, allowedPrivateOrigins: allowed, dataDir }, now });
  await node.app.listen({ port, host: '127.0.0.1' });
  const cookie = await signIn(node.app, DEMO_ACCOUNTS.staff.email);
  return { ...node, origin, cookie };
}
type FederatedNode = Awaited<ReturnType<typeof startFederatedNode>>;
const dataDirs: string[] = [];

describe('federation between two Sortie servers', () => {
  let a: FederatedNode;
  let b: FederatedNode;
  const place = DEMO_IDS.places.confort;
  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    a = await startFederatedNode(portA, [`http://127.0.0.1:${portB}`]);
    b = await startFederatedNode(portB, [`http://127.0.0.1:${portA}`]);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('follows by WebFinger, then receives Create, Update and Delete signed with A’s key', async () => {
    const finger = await fetch(`${a.origin}/.well-known/webfinger?resource=acct:confort-moderne@127.0.0.1:${new URL(a.origin).port}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { links: Array<{ rel: string; type?: string; href?: string }> };
    expect(jrd.links).toContainEqual(expect.objectContaining({ rel: 'self', type: 'application/activity+json', href: `${a.origin}/ap/actors/${place}` }));

    const follow = await b.app.inject({ method: 'POST', url: `/api/federation/places/${place}/following`, headers: { cookie: b.cookie }, payload: { handle: `@confort-moderne@127.0.0.1:${new URL(a.origin).port}` } });
    expect(follow.statusCode, follow.body).toBe(200);
    await settle(b, a);

    const overviewA = await a.app.inject({ method: 'GET', url: `/api/federation/places/${place}`, headers: { cookie: a.cookie } });
    expect(overviewA.json().followers).toEqual([expect.objectContaining({ actor: `${b.origin}/ap/actors/${place}`, handle: `@confort-moderne@127.0.0.1:${new URL(b.origin).port}` })]);
    const overviewB = await b.app.inject({ method: 'GET', url: `/api/federation/places/${place}`, headers: { cookie: b.cookie } });
    expect(overviewB.json().following).toEqual([expect.objectContaining({ actor: `${a.origin}/ap/actors/${place}`, state: 'accepted' })]);

    const created = await a.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: a.cookie },
      payload: { title: 'Concert fédéré', startsAt: '2027-03-12T19:30:00.000Z', city: 'Poitiers', placeId: place, status: 'published', description: 'Une soirée.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId: string = created.json()._id;
    await settle(a, b);
    const moved = await a.app.inject({ method: 'PATCH', url: `/api/events/${eventId}`, headers: { cookie: a.cookie }, payload: { startsAt: '2027-03-13T19:30:00.000Z' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await settle(a, b);
    const cancelled = await a.app.inject({ method: 'PATCH', url: `/api/events/${eventId}`, headers: { cookie: a.cookie }, payload: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle(a, b);

    const received = (await b.app.inject({ method: 'GET', url: `/api/federation/places/${place}`, headers: { cookie: b.cookie } })).json().received as Array<{ type: string; objectId: string; startTime: string | null; status: string | null }>;
    const objectId = `${a.origin}/ap/actors/${place}/events/${eventId}`;
    const ofEvent = received.filter((item) => item.objectId === objectId).reverse();
    expect(ofEvent.map((item) => item.type)).toEqual(['Create', 'Update', 'Update', 'Delete']);
    expect(ofEvent[0]!.startTime).toBe('2027-03-12T19:30:00.000Z');
    expect(ofEvent[1]!.startTime).toBe('2027-03-13T19:30:00.000Z');
    expect(ofEvent[2]!.status).toBe('https://schema.org/EventCancelled');

    // B checked those signatures with the key A publishes on its actor: the one B fetched and keeps.
    const published = (await (await fetch(`${a.origin}/ap/actors/${place}`, { headers: { accept: 'application/activity+json' } })).json()) as { publicKey: { id: string; publicKeyPem: string } };
    const [cached] = await b.db.query<{ value: unknown }>(`SELECT value FROM federation_kv WHERE key LIKE '%publicKey%' AND key LIKE $1`, [`%${published.publicKey.id}%`]);
    expect(JSON.stringify(cached?.value)).toContain(published.publicKey.publicKeyPem.split('\n')[1]!);
  });

  it('refuses a forged signature with 401', async () => {
    const forger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const actor = `${a.origin}/ap/actors/${place}`;
    const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${actor}#forged`, type: 'Delete', actor, object: `${actor}/events/x` });
    for (const spec of ['draft-cavage-http-signatures-12', 'rfc9421'] as const) {
      const request = await signRequest(new Request(`${b.origin}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body }), forger.privateKey, new URL(`${actor}#main-key`), { spec });
      const answer = await fetch(request);
      expect(answer.status).toBe(401);
    }
    const log = (await b.app.inject({ method: 'GET', url: `/api/federation/places/${place}`, headers: { cookie: b.cookie } })).json().received as Array<{ activityId: string | null }>;
    expect(log.map((item) => item.activityId)).not.toContain(`${actor}#forged`);
  });
});
