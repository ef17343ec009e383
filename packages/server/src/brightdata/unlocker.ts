import { z } from 'zod';
import type { ServerConfig } from '../config';
import { BrightDataError, type BrightDataPort, type UnlockedPage } from './port';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** GET /zone/get_active_zones: the zones by name; an entry without a name reads as none, an answer that is no list as an empty one. */
const ZoneList = z.array(z.object({ name: z.string().catch('') }).catch({ name: '' }));

function reason(status: number, detail: string): string {
  const said = detail.trim() ? ` (Bright Data : ${detail.trim().slice(0, 200)})` : '';
  if (status === 401 || status === 403) return `Jeton Bright Data refusé${said}.`;
  if (status === 400) return `Demande refusée par Bright Data : zone inconnue ou adresse invalide${said}.`;
  if (status === 429) return `Trop de demandes : Bright Data limite le débit, réessayez plus tard${said}.`;
  return `Bright Data n’a pas pu lire la page (HTTP ${status})${said}.`;
}

/** Bright Data's Web Unlocker API: POST {apiUrl}/request {zone, url, format: 'raw'} with the Bearer token; the answer is the page itself. */
export class WebUnlocker implements BrightDataPort {
  constructor(
    private readonly config: { apiToken: string; zone: string; apiUrl: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async send(path: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.config.apiUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.config.apiToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new BrightDataError(timedOut ? `Bright Data n’a pas répondu en ${Math.round(timeoutMs / 1000)} s.` : `Bright Data injoignable : ${error instanceof Error ? error.message : String(error)}.`, null);
    }
  }

  async fetch(url: string, options: { maxBytes?: number; timeoutMs?: number } = {}): Promise<UnlockedPage> {
    const response = await this.send('/request', { method: 'POST', body: JSON.stringify({ zone: this.config.zone, url, format: 'raw' }) }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (bytes.byteLength > maxBytes) throw new BrightDataError(`Page trop volumineuse (plus de ${Math.round(maxBytes / 1024 / 1024)} Mo).`, response.status);
    const text = new TextDecoder().decode(bytes);
    if (!response.ok) throw new BrightDataError(reason(response.status, response.headers.get('x-brd-error') ?? text), response.status);
    // The target's own status, when Bright Data passes it on: a 404 read through the unlocker is still a 404.
    const target = Number(response.headers.get('x-brd-status-code') ?? response.status) || response.status;
    if (target >= 400) throw new BrightDataError(`La page a répondu HTTP ${target} au travers de Bright Data.`, target);
    return { status: target, text, url };
  }

  async zones(): Promise<string[]> {
    const response = await this.send('/zone/get_active_zones', { method: 'GET' }, 15_000);
    const body = ZoneList.safeParse(await response.json().catch(() => null)).data ?? [];
    if (!response.ok) throw new BrightDataError(reason(response.status, ''), response.status);
    return body.map((zone) => zone.name).filter(Boolean);
  }
}

/** The adapter when the token and the zone are set, else null. */
export function brightDataFromConfig(config: Pick<ServerConfig, 'brightdata'>): BrightDataPort | null {
  const { apiToken, zone, apiUrl } = config.brightdata;
  return apiToken && zone ? new WebUnlocker({ apiToken, zone, apiUrl }) : null;
}
