import { z } from 'zod';
import { ValidationError } from '@sortie/core';
import { remoteGetJson } from './remote-request';

/*
 * Finding a remote actor from its handle (`@place@host`): WebFinger at the host (https, or http
 * for an origin SORTIE_ALLOWED_PRIVATE_ORIGINS names so), then its actor document.
 */
const HANDLE = /^@?([A-Za-z0-9_.~-]{1,100})@([A-Za-z0-9.-]{1,253}(?::\d{1,5})?)$/;

const WebFingerAnswer = z.object({ links: z.array(z.looseObject({ rel: z.string(), type: z.string().optional(), href: z.string().optional() })).default([]) });
const RemoteActorDocument = z.looseObject({
  id: z.string().url(),
  inbox: z.string().url(),
  preferredUsername: z.string().optional(),
  endpoints: z.looseObject({ sharedInbox: z.string().url().optional() }).optional(),
});

export interface RemoteActor {
  id: string;
  inbox: string;
  handle: string;
}

export function parseHandle(handle: string): { user: string; host: string } {
  const match = HANDLE.exec(handle.trim());
  if (!match) throw new ValidationError('Identifiant attendu sous la forme @nom@serveur.exemple.', [{ path: 'handle', message: 'Identifiant attendu sous la forme @nom@serveur.exemple.' }]);
  return { user: match[1]!, host: match[2]!.toLowerCase() };
}

export async function lookUpRemoteActor(handle: string, allowedPrivateOrigins: readonly string[]): Promise<RemoteActor> {
  const { user, host } = parseHandle(handle);
  const scheme = allowedPrivateOrigins.includes(`http://${host}`) ? 'http' : 'https';
  const finger = new URL(`${scheme}://${host}/.well-known/webfinger`);
  finger.searchParams.set('resource', `acct:${user}@${host}`);
  const { json } = await remoteGetJson(finger.href, 'application/jrd+json, application/json', allowedPrivateOrigins);
  const links = WebFingerAnswer.parse(json).links;
  const self = links.find((link) => link.rel === 'self' && /activity\+json|ld\+json/.test(link.type ?? '') && link.href);
  if (!self?.href) throw new ValidationError(`${host} ne connaît pas @${user}.`, [{ path: 'handle', message: `${host} ne connaît pas @${user}.` }]);
  const { json: document } = await remoteGetJson(self.href, 'application/activity+json', allowedPrivateOrigins);
  const actor = RemoteActorDocument.parse(document);
  return { id: actor.id, inbox: actor.inbox, handle: `@${user}@${host}` };
}
