import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { z } from 'zod';
import { listenOnFreePort } from '../http/local-port';

/*
 * A push service on 127.0.0.1 for the tests, shaped like a browser's (RFC 8030): it takes the
 * POST of a Web Push message, checks the VAPID Authorization header (RFC 8292: an ES256 JWT for
 * its own origin, signed by the key in `k`), the TTL and the aes128gcm Content-Encoding, and
 * answers 201, or what a test told it for a device (404, 410, 429…). A test's device holds the
 * browser's side of a subscription (its P-256 key pair and auth secret) and reads what it was
 * sent by decrypting it (RFC 8291), as a browser would.
 */

/** A browser's side of a subscription: what `PushSubscription.toJSON()` gives, and the secrets that decrypt. */
export interface FakeDevice {
  name: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

/** One POST the service received, as it checked it. */
export interface ReceivedPush {
  device: string;
  headers: IncomingHttpHeaders;
  /** The VAPID JWT's claims and key, once its signature checked out; null when absent or forged. */
  vapid: { aud: string; sub: string; exp: number; k: string } | null;
  /** What the device reads once decrypted (null when it could not). */
  message: unknown;
  /** What the service answered. */
  status: number;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** A new subscription on this service. */
  device(name: string): FakeDevice;
  /** What the service answers for a device from now on (201 by default); several are used in turn, the last one kept. */
  answer(device: string, ...answers: Answer[]): void;
  /** Holds every answer until `release()` (a slow push service). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** The message a device reads: RFC 8291's aes128gcm decryption with its private key and auth secret. */
export function decryptPush(device: Pick<FakeDevice, 'privateKey' | 'publicKey' | 'authSecret'>, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** The claims of `Authorization: vapid t=…, k=…` when the JWT is signed by `k` (ES256); null otherwise. */
export function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [token, k] = [match[1]!, match[2]!];
  const [head, claims, signature] = token.split('.');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return null;
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!signed) return null;
  const json = (part: string | undefined): unknown => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
  const { alg } = z.object({ alg: z.string() }).parse(json(head));
  const body = z.object({ aud: z.string(), sub: z.string(), exp: z.number() }).parse(json(claims));
  return alg === 'ES256' ? { ...body, k } : null;
}

/**
 * `decrypt: false`: messages are counted and their VAPID checked, not decrypted (the bench's
 * 10,000 devices). `tls`: served over HTTPS with this key and certificate, as real push services
 * are (the server must then trust the certificate: NODE_EXTRA_CA_CERTS).
 */
export async function startFakePushService(options: { decrypt?: boolean; tls?: { key: string; cert: string } } = {}): Promise<FakePushService> {
  const devices = new Map<string, FakeDevice>();
  const answers = new Map<string, Answer[]>();
  const received: ReceivedPush[] = [];
  let held: Array<() => void> | null = null;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      const body = Buffer.concat(chunks);
      const vapid = checkVapid(request.headers.authorization);
      const queue = answers.get(name) ?? [];
      const planned: Answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 201 });
      let answer: Answer = planned;
      // What a real push service refuses before anything else.
      if (request.method !== 'POST') answer = { status: 405 };
      else if (!device) answer = { status: 404 };
      else if (!vapid || vapid.aud !== origin) answer = { status: 401 };
      else if (request.headers['content-encoding'] !== 'aes128gcm' || request.headers.ttl === undefined) answer = { status: 400 };
      let message: unknown = null;
      try {
        message = device && body.length && options.decrypt !== false ? decryptPush(device, body) : null;
      } catch {
        message = null;
      }
      received.push({ device: name, headers: request.headers, vapid, message, status: answer.status });
      const reply = () => {
        response.writeHead(answer.status, answer.headers ?? {});
        response.end();
      };
      if (held) held.push(reply);
      else reply();
    });
  };
  const server: Server = options.tls ? createTlsServer(options.tls, handle) : createServer(handle);
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${await listenOnFreePort(server)}`;

  return {
    origin,
    received,
    device(name) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: FakeDevice = {
        name,
        subscription: { endpoint: `${origin}/push/${encodeURIComponent(name)}`, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) } },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
      devices.set(name, device);
      return device;
    },
    answer(device, ...list) {
      answers.set(device, list);
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const reply of waiting) reply();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
