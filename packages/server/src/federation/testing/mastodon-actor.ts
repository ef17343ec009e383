import { createServer, type Server } from 'node:http';
import { generateCryptoKeyPair, getDocumentLoader, signRequest, verifyRequest, type DocumentLoader } from '@fedify/fedify';
import '../node20-compat';

/*
 * A remote actor that speaks as Mastodon does, for tests: a local HTTP server with its own RSA
 * key pair serving its actor document (publicKeyPem), whose inbox takes only draft-cavage HTTP
 * Signatures (`(request-target) host date digest`, checked against the sender's published key;
 * an RFC 9421 signature gets 401, as a Mastodon before 4.5 answers) and keeps what it received.
 * It signs what it sends the same way.
 */
export interface ReceivedActivity {
  path: string;
  body: Record<string, unknown>;
  verified: boolean;
}

export interface MastodonActor {
  origin: string;
  id: string;
  inbox: string;
  received: ReceivedActivity[];
  /** Requests its inbox refused, with the status it answered. */
  refused: Array<{ status: number; reason: string }>;
  /** POSTs an activity to `inbox`, signed draft-cavage with its key; answers the status. */
  send(inbox: string, activity: Record<string, unknown>): Promise<number>;
  /** Answers this status to every POST from now on (a server down: 503), or null to take them again. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const pem = (der: ArrayBuffer) => `-----BEGIN PUBLIC KEY-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').trim()}\n-----END PUBLIC KEY-----\n`;

/** Plain fetch for the keys the test servers publish on 127.0.0.1. */
const loader: DocumentLoader = async (url) => {
  const answer = await fetch(url, { headers: { accept: 'application/activity+json' } });
  return { contextUrl: null, documentUrl: answer.url, document: await answer.json() };
};

export async function startMastodonActor(username = 'mast'): Promise<MastodonActor> {
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const publicKeyPem = pem(await crypto.subtle.exportKey('spki', keys.publicKey));
  const received: ReceivedActivity[] = [];
  const refused: MastodonActor['refused'] = [];
  let failing: number | null = null;
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', origin);
        if (request.method === 'GET' && url.pathname === `/users/${username}`) {
          response.writeHead(200, { 'content-type': 'application/activity+json' });
          response.end(JSON.stringify(actorDocument()));
          return;
        }
        if (request.method === 'GET' && url.pathname === '/.well-known/webfinger') {
          response.writeHead(200, { 'content-type': 'application/jrd+json' });
          response.end(JSON.stringify({ subject: `acct:${username}@${url.host}`, links: [{ rel: 'self', type: 'application/activity+json', href: `${origin}/users/${username}` }] }));
          return;
        }
        if (request.method === 'POST' && (url.pathname === `/users/${username}/inbox` || url.pathname === '/inbox')) {
          if (failing !== null) {
            refused.push({ status: failing, reason: 'en panne' });
            response.writeHead(failing).end();
            return;
          }
          const body = Buffer.concat(chunks);
          if (request.headers['signature-input']) {
            refused.push({ status: 401, reason: 'RFC 9421' });
            response.writeHead(401).end();
            return;
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
          const web = new Request(url, { method: 'POST', headers, body });
          const key = await verifyRequest(web, { documentLoader: loader, contextLoader: getDocumentLoader() }).catch(() => null);
          if (!key) {
            refused.push({ status: 401, reason: 'signature invalide' });
            response.writeHead(401).end();
            return;
          }
          received.push({ path: url.pathname, body: JSON.parse(body.toString('utf8')), verified: true });
          response.writeHead(202).end();
          return;
        }
        response.writeHead(404).end();
      })().catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const id = `${origin}/users/${username}`;
  const actorDocument = () => ({
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id,
    type: 'Person',
    preferredUsername: username,
    name: 'Compte Mastodon de test',
    inbox: `${id}/inbox`,
    outbox: `${id}/outbox`,
    followers: `${id}/followers`,
    endpoints: { sharedInbox: `${origin}/inbox` },
    publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
  });
  return {
    origin,
    id,
    inbox: `${id}/inbox`,
    received,
    refused,
    async send(inbox, activity) {
      // Signed as Mastodon signs: (request-target) host date digest; the content type is added after.
      const request = new Request(inbox, { method: 'POST', body: JSON.stringify(activity) });
      request.headers.delete('content-type');
      const signed = await signRequest(request, keys.privateKey, new URL(`${id}#main-key`), { spec: 'draft-cavage-http-signatures-12' });
      const headers = new Headers(signed.headers);
      headers.set('content-type', 'application/activity+json');
      return (await fetch(signed.url, { method: 'POST', headers, body: JSON.stringify(activity) })).status;
    },
    failWith(status) {
      failing = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
