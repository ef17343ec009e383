import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { codeOf } from '../unknown-value';

/** Why a source could not be read, in the words the run history shows. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: 'bad-scheme' | 'private-address' | 'unreachable' | 'too-large' | 'timeout' | 'http-status' | 'too-many-redirects',
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  /** Hosts an operator allows even on a private address (SORTIE_COLLECTOR_ALLOWED_HOSTS; tests allow 127.0.0.1). */
  allowedHosts?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export const SAFE_FETCH_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };

const blocked = new BlockList();
blocked.addSubnet('0.0.0.0', 8, 'ipv4');
blocked.addSubnet('10.0.0.0', 8, 'ipv4');
blocked.addSubnet('100.64.0.0', 10, 'ipv4');
blocked.addSubnet('127.0.0.0', 8, 'ipv4');
blocked.addSubnet('169.254.0.0', 16, 'ipv4');
blocked.addSubnet('172.16.0.0', 12, 'ipv4');
blocked.addSubnet('192.168.0.0', 16, 'ipv4');
blocked.addSubnet('224.0.0.0', 3, 'ipv4');
blocked.addAddress('::', 'ipv6');
blocked.addAddress('::1', 'ipv6');
blocked.addSubnet('fc00::', 7, 'ipv6');
blocked.addSubnet('fe80::', 10, 'ipv6');
blocked.addSubnet('ff00::', 8, 'ipv6');

/** True for loopback, private, link-local, unspecified and multicast addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as a lookup sees it: lower case, an IPv6 literal without its brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * A host refused before any lookup: a literal private address (a literal never goes through the
 * lookup, where guardedLookup checks names) or a localhost name.
 */
export const isLocalHost = (host: string): boolean => (isIP(host) !== 0 ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'));

const privateError = (host: string) => new SafeFetchError('private-address', `Adresse refusée : ${host} mène à une adresse privée ou locale.`);

/** A DNS lookup that refuses private addresses: checked at connect time, so a name cannot resolve elsewhere after a check. */
export function guardedLookup(host: string, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = !allowed && addresses.some((a) => isPrivateAddress(a.address));
      if (refused) return callback(privateError(host), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export interface FetchedText {
  url: string;
  contentType: string;
  text: string;
}

/**
 * GETs an http(s) URL as text with the limits of a collector: public addresses only (every
 * redirect and every resolved address checked), a size limit and a time limit.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedText> {
  const limits = { ...SAFE_FETCH_LIMITS, ...options };
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const deadline = Date.now() + limits.timeoutMs;
  let url = rawUrl;
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const result = await fetchOnce(url, allowedHosts, limits.maxBytes, deadline, limits.timeoutMs);
    if ('redirect' in result) {
      url = result.redirect;
      continue;
    }
    return result;
  }
  throw new SafeFetchError('too-many-redirects', `Trop de redirections (plus de ${limits.maxRedirects}).`);
}

function fetchOnce(raw: string, allowedHosts: Set<string>, maxBytes: number, deadline: number, timeoutMs: number): Promise<FetchedText | { redirect: string }> {
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    return Promise.reject(new SafeFetchError('bad-scheme', `Adresse illisible : ${raw}`));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new SafeFetchError('bad-scheme', `Seules les adresses http et https sont acceptées (reçu ${target.protocol.replace(/:$/, '')}).`));
  }
  const host = bareHost(target);
  const allowed = allowedHosts.has(host);
  if (!allowed && isLocalHost(host)) return Promise.reject(privateError(host));
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(timeoutError(timeoutMs));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(target, { lookup: guardedLookup(host, allowed), headers: { 'user-agent': 'Sortie-collecteur/1.0', accept: 'text/calendar, application/json, text/html;q=0.9, */*;q=0.5' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        clearTimeout(timer);
        resolve({ redirect: new URL(response.headers.location, target).toString() });
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        clearTimeout(timer);
        reject(new SafeFetchError('http-status', `La source a répondu ${status} (${target.host}).`));
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        request.destroy();
        clearTimeout(timer);
        reject(tooLarge(maxBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          clearTimeout(timer);
          request.destroy();
          reject(tooLarge(maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ url: target.toString(), contentType: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof SafeFetchError ? error : unreachable(target, error));
      });
    });
    const timer = setTimeout(() => {
      request.destroy(timeoutError(timeoutMs));
    }, remaining);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof SafeFetchError ? error : unreachable(target, error));
    });
  });
}

const tooLarge = (maxBytes: number) => new SafeFetchError('too-large', `Source trop volumineuse (plus de ${Math.round(maxBytes / 1024 / 1024)} Mo).`);
const timeoutError = (ms: number) => new SafeFetchError('timeout', `La source n'a pas répondu en ${Math.ceil(ms / 1000)} s.`);
const unreachable = (target: URL, error: Error) =>
  new SafeFetchError('unreachable', `Source injoignable (${target.host}) : ${codeOf(error) ?? error.message}.`);
