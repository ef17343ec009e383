import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { freePort, removeFolder, startServer, stopServer, type ServerProcess } from '../testing/server-process';
import { sharedServerBuild } from '../testing/shared-server-build';
import { startFakePushService, type FakePushService } from './fake-push-service';

/*
 * Issue 33, end to end as an operator runs it: the built server, started as `pnpm start` does,
 * sends Web Push to a push service on 127.0.0.1 that speaks HTTPS only with a self-signed
 * certificate (as real push services speak HTTPS only), which the server trusts through
 * NODE_EXTRA_CA_CERTS and may reach because SORTIE_ALLOWED_PRIVATE_ORIGINS names it. A first
 * like earns « Premier pas »: each of the visitor's two devices receives one POST, signed
 * (VAPID), with a TTL, encrypted (aes128gcm), that the device decrypts into the French
 * notification and its link.
 */
describe('Web Push over HTTPS, from the built server', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sortie-push-https-'));
  let script: string;
  let service: FakePushService;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    // A certificate for 127.0.0.1 alone, made for this run (nothing to keep, nothing committed).
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      notAfterDate: new Date(Date.now() + 86_400_000),
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    writeFileSync(join(folder, 'push-ca.pem'), pems.cert);
    service = await startFakePushService({ tls: { key: pems.private, cert: pems.cert } });
    script = await sharedServerBuild();
  }, 120_000);
  afterAll(async () => {
    await stopServer(server);
    await service?.close();
    removeFolder(folder);
  });

  it('delivers a first like’s badge to each device, signed, with a TTL, encrypted, readable in French with its link', async () => {
    expect(service.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    server = await startServer(script, {
      dataDir: join(folder, 'data'),
      port: await freePort(),
      env: { NODE_EXTRA_CA_CERTS: join(folder, 'push-ca.pem'), SORTIE_ALLOWED_PRIVATE_ORIGINS: service.origin },
    });
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${server!.url}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.ok, `${method} ${path} → ${response.status} ${text}`).toBe(true);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };
    const email = `pousse-${Date.now().toString(36)}@exemple.fr`;
    await call('POST', '/api/identity/signUp', { email, password: 'mot-de-passe-1', displayName: 'Camille' });
    const { idToken } = await call('POST', '/api/identity/signIn', { email, password: 'mot-de-passe-1' });
    const { sessionToken } = await call('POST', '/api/auth/login/web', { idToken, messagingToken: null });
    const token = String(sessionToken);

    const phone = service.device('telephone');
    const laptop = service.device('portable');
    for (const device of [phone, laptop]) await call('POST', '/api/me/pushSubscriptions', device.subscription, token);
    const events = (await call('GET', '/api/events?limit=1')) as { items: Array<{ _id: string }> };
    await call('PUT', `/api/me/likes/${events.items[0]!._id}`, undefined, token);

    await expect.poll(() => service.received.map((r) => r.device).sort(), { timeout: 15_000 }).toEqual(['portable', 'telephone']);
    for (const push of service.received) {
      expect(push.status).toBe(201);
      expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      // Signed by the key in k, for the push service's own origin.
      expect(push.vapid?.aud).toBe(service.origin);
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.message).toMatchObject({ title: 'Nouveau badge : Premier pas', link: '/users/badges' });
    }
  }, 120_000);
});
