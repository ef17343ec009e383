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
    this.doc().cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=${Math.floor(options.maxAgeSeconds)}; SameSite=Lax${secure}`;
  }
}
