import http from 'node:http';
import https from 'node:https';
import type { DocumentLoader, RemoteDocument } from '@fedify/fedify';
import { bareHost, guardedLookup, isLocalHost } from '../collectors/safe-fetch';

/**
 * Every request federation sends out (remote actors and keys, WebFinger, deliveries) follows the
 * rule of the collectors and of push: https to a public address (every resolved address checked
 * at connect time), or an origin the operator allowed in SORTIE_ALLOWED_PRIVATE_ORIGINS (where
 * plain http and private addresses are fine: tests, air-gapped setups).
 */
export class RemoteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteRefused';
  }
}

export interface RemoteAnswer {
  status: number;
  url: string;
  contentType: string;
  text: string;
}

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Whether `url` may be reached; `allowed`: on a private address too. Throws RemoteRefused otherwise. */
export function checkRemote(url: URL, allowedPrivateOrigins: readonly string[]): { allowed: boolean } {
  if (allowedPrivateOrigins.includes(url.origin)) return { allowed: true };
  if (url.protocol !== 'https:') throw new RemoteRefused(`Adresse refusée : ${url.origin} n’est pas en https.`);
  if (isLocalHost(bareHost(url))) throw new RemoteRefused(`Adresse refusée : ${url.host} mène à une adresse privée ou locale.`);
  return { allowed: false };
}

/** One HTTP exchange under the rule above (no redirect followed). */
export function remoteRequest(
  target: URL,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  allowedPrivateOrigins: readonly string[],
): Promise<RemoteAnswer & { location: string | null }> {
  let allowed: boolean;
  try {
    ({ allowed } = checkRemote(target, allowedPrivateOrigins));
  } catch (error) {
    return Promise.reject(error);
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(target, { method: init.method, headers: init.headers, lookup: guardedLookup(bareHost(target), allowed), timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BYTES) request.destroy(new Error('Réponse trop volumineuse.'));
        else chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          url: target.toString(),
          contentType: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          location: typeof response.headers.location === 'string' ? new URL(response.headers.location, target).toString() : null,
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${target.host} n’a pas répondu à temps.`)));
    request.on('error', reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

/** GETs JSON (ActivityStreams, WebFinger), following a few redirects, each checked. */
export async function remoteGetJson(url: string, accept: string, allowedPrivateOrigins: readonly string[]): Promise<{ url: string; json: unknown }> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await remoteRequest(new URL(current), { method: 'GET', headers: { accept, 'user-agent': 'Sortie/1.0 (ActivityPub)' } }, allowedPrivateOrigins);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      current = answer.location;
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${new URL(current).host} a répondu ${answer.status} pour ${current}.`);
    return { url: answer.url, json: JSON.parse(answer.text) };
  }
  throw new Error(`Trop de redirections pour ${url}.`);
}

const ACTIVITY_ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams";q=0.9';

/** Fedify's document loader on our rule: remote actors, keys and objects. */
export function documentLoaderOf(allowedPrivateOrigins: readonly string[]): DocumentLoader {
  return async (url: string): Promise<RemoteDocument> => {
    const { url: documentUrl, json } = await remoteGetJson(url, ACTIVITY_ACCEPT, allowedPrivateOrigins);
    return { contextUrl: null, documentUrl, document: json };
  };
}
