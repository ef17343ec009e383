import type { CookiePort } from '@sortie/core';

/** CookiePort over document.cookie: site-wide (path=/), for max-age seconds, SameSite=Lax. */
export class DocumentCookieAdapter implements CookiePort {
  constructor(private readonly doc: () => Document = () => globalThis.document) {}

  get(name: string): string | null {
    for (const part of this.doc().cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      if (decodeURIComponent(part.slice(0, eq).trim()) === name) return decodeURIComponent(part.slice(eq + 1).trim());
    }
    return null;
  }

  set(name: string, value: string, options: { maxAgeSeconds: number }): void {
    const secure = this.doc().location?.protocol === 'https:' ? '; Secure' : '';
    // max-age=0 deletes in every browser; a past expires says it too to engines that ignore it (happy-dom).
    const expired = options.maxAgeSeconds <= 0 ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
    this.doc().cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=${Math.floor(options.maxAgeSeconds)}${expired}; SameSite=Lax${secure}`;
  }
}
