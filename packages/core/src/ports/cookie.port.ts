import type { ServiceIdentifier } from 'inversify';

export const CookiePort = Symbol.for('CookiePort') as ServiceIdentifier<CookiePort>;
/** The browser's cookies, as the page sees them. */
export interface CookiePort {
  get(name: string): string | null;
  /** Sets a cookie on the site's root path, for maxAgeSeconds. */
  set(name: string, value: string, options: { maxAgeSeconds: number }): void;
}
