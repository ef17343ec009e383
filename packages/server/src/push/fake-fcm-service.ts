import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { jwtVerify } from 'jose';
import type { FcmConfig } from '../config';
import { listenOnFreePort } from '../http/local-port';

/*
 * Firebase Cloud Messaging on 127.0.0.1 for the tests, shaped like its HTTP v1 API: a token
 * endpoint that takes a service account's signed JWT (RFC 7523: iss the account's e-mail, aud the
 * endpoint, the firebase.messaging scope, RS256 with the account's key) for an OAuth bearer, and
 * `POST /v1/projects/{project}/messages:send`, which checks that bearer and the message's shape,
 * and answers 200 `{ name }` or what a test told it for a token (FCM's error body: UNREGISTERED…).
 */

export interface ReceivedFcm {
  token: string;
  /** The whole `message` object sent. */
  message: { token: string; data?: Record<string, unknown>; webpush?: { headers?: Record<string, string> } };
  authorization: string | undefined;
  status: number;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** FCM's errorCode (UNREGISTERED, QUOTA_EXCEEDED, UNAVAILABLE…): the error body FCM sends. */
  errorCode?: string;
}

export interface FakeFcmService {
  origin: string;
  project: string;
  /** The service account the server signs with (its private key, the fake's token endpoint). */
  config: FcmConfig;
  received: ReceivedFcm[];
  /** How many bearers the token endpoint gave. */
  tokensIssued: number;
  answer(token: string, ...answers: Answer[]): void;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const STATUS_OF: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

export async function startFakeFcmService(project = 'sortie-test'): Promise<FakeFcmService> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `sortie-push@${project}.iam.gserviceaccount.com`;
  const bearers = new Set<string>();
  const answers = new Map<string, Answer[]>();
  const received: ReceivedFcm[] = [];
  let held: Array<() => void> | null = null;
  let origin = '';
  const state = { tokensIssued: 0 };

  const json = (response: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const error = (status: number, message: string, errorCode?: string) => ({
    error: { code: status, message, status: STATUS_OF[status] ?? 'UNKNOWN', details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [] },
  });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (request.method === 'POST' && request.url === '/token') {
          const form = new URLSearchParams(text);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(response, 400, { error: 'unsupported_grant_type' });
          try {
            const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: clientEmail, audience: `${origin}/token`, algorithms: ['RS256'] });
            if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return json(response, 400, { error: 'invalid_scope' });
          } catch (caught) {
            return json(response, 400, { error: 'invalid_grant', error_description: caught instanceof Error ? caught.message : 'Invalid JWT' });
          }
          const bearer = `ya29.${randomBytes(16).toString('hex')}`;
          bearers.add(bearer);
          state.tokensIssued++;
          return json(response, 200, { access_token: bearer, expires_in: 3599, token_type: 'Bearer' });
        }
        const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '');
        if (request.method !== 'POST' || !send) return json(response, 404, error(404, 'Not found'));
        const authorization = request.headers.authorization;
        if (!authorization?.startsWith('Bearer ') || !bearers.has(authorization.slice(7))) return json(response, 401, error(401, 'Request had invalid authentication credentials.'));
        if (decodeURIComponent(send[1]!) !== project) return json(response, 403, error(403, 'SenderId mismatch', 'SENDER_ID_MISMATCH'));
        let message: ReceivedFcm['message'];
        try {
          message = (JSON.parse(text) as { message: ReceivedFcm['message'] }).message;
        } catch {
          return json(response, 400, error(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT'));
        }
        // FCM's own checks: one token, and data values that are all strings.
        const shapeOk = typeof message?.token === 'string' && Object.values(message.data ?? {}).every((value) => typeof value === 'string');
        const queue = answers.get(message?.token ?? '') ?? [];
        const planned: Answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 200 });
        const answer: Answer = shapeOk ? planned : { status: 400, errorCode: 'INVALID_ARGUMENT' };
        received.push({ token: message?.token ?? '', message, authorization, status: answer.status });
        const reply = () =>
          answer.status === 200
            ? json(response, 200, { name: `projects/${project}/messages/${randomBytes(8).toString('hex')}` })
            : json(response, answer.status, error(answer.status, answer.errorCode === 'UNREGISTERED' ? 'Requested entity was not found.' : 'Refused.', answer.errorCode), answer.headers);
        if (held) held.push(reply);
        else reply();
      })();
    });
  });
  origin = `http://127.0.0.1:${await listenOnFreePort(server)}`;
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  return {
    origin,
    project,
    config: { projectId: project, clientEmail, privateKey: pem, tokenUri: `${origin}/token`, apiUrl: origin },
    received,
    get tokensIssued() {
      return state.tokensIssued;
    },
    answer(token, ...list) {
      answers.set(token, list);
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const reply of waiting) reply();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
