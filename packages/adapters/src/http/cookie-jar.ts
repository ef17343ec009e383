import type { TokenStorePort } from '@sortie/core';

/**
 * Where a program without a browser keeps the server's session cookie. A browser sends
 * cookies itself (credentials: 'include'); node's fetch does not, so the CLI hands the
 * HTTP adapter a jar: Set-Cookie answers go in, a Cookie header comes out.
 */
export interface CookieJar {
  /** The Cookie header to send, or null when the jar is empty. */
  header(): string | null;
  /** Takes the Set-Cookie headers of an answer. */
  store(setCookies: readonly string[]): void;
}

/** A cookie as the jar keeps it: value and expiry (epoch ms, or null for a session cookie). */
interface StoredCookie {
  value: string;
  expiresAt: number | null;
}

/**
 * A cookie jar kept in a TokenStorePort under one key, so the CLI's session survives
 * between runs. It talks to one API server only, so domain and path are not tracked.
 */
export class TokenStoreCookieJar implements CookieJar {
  constructor(
    private readonly tokens: TokenStorePort,
    private readonly now: () => number = Date.now,
    private readonly key = 'cookies',
  ) {}

  header(): string | null {
    const cookies = this.read();
    const now = this.now();
    const pairs = Object.entries(cookies)
      .filter(([, cookie]) => cookie.expiresAt === null || cookie.expiresAt > now)
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length > 0 ? pairs.join('; ') : null;
  }

  store(setCookies: readonly string[]): void {
    if (setCookies.length === 0) return;
    const cookies = this.read();
    const now = this.now();
    for (const line of setCookies) {
      const parsed = parseSetCookie(line, now);
      if (!parsed) continue;
      if (parsed.expiresAt !== null && parsed.expiresAt <= now) delete cookies[parsed.name];
      else cookies[parsed.name] = { value: parsed.value, expiresAt: parsed.expiresAt };
    }
    if (Object.keys(cookies).length === 0) this.tokens.remove(this.key);
    else this.tokens.set(this.key, JSON.stringify(cookies));
  }

  private read(): Record<string, StoredCookie> {
    const raw = this.tokens.get(this.key);
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, StoredCookie>) : {};
    } catch {
      // A damaged file is a signed-out session, not a crash.
      return {};
    }
  }
}

/** Name, value and expiry of one Set-Cookie line (Max-Age wins over Expires, as RFC 6265 says). */
export function parseSetCookie(line: string, now: number): { name: string; value: string; expiresAt: number | null } | null {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let expiresAt: number | null = null;
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const attrValue = rest.join('=').trim();
    if (key === 'max-age') {
      const seconds = Number(attrValue);
      if (Number.isFinite(seconds)) {
        expiresAt = now + seconds * 1000;
        maxAgeSeen = true;
      }
    } else if (key === 'expires' && !maxAgeSeen) {
      const time = Date.parse(attrValue);
      if (!Number.isNaN(time)) expiresAt = time;
    }
  }
  return { name, value, expiresAt };
}
