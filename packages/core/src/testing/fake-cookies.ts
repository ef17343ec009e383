import type { CookiePort } from '../ports/cookie.port';

/** The page's cookies; `written` keeps every set with its lifetime. A lifetime of 0 or less deletes, as in a browser. */
export class FakeCookies implements CookiePort {
  readonly values = new Map<string, string>();
  readonly written: Array<{ name: string; value: string; maxAgeSeconds: number }> = [];

  /** A cookie the browser already holds. */
  have(name: string, value: string): this {
    this.values.set(name, value);
    return this;
  }

  get(name: string): string | null {
    return this.values.get(name) ?? null;
  }

  set(name: string, value: string, options: { maxAgeSeconds: number }): void {
    if (options.maxAgeSeconds > 0) this.values.set(name, value);
    else this.values.delete(name);
    this.written.push({ name, value, maxAgeSeconds: options.maxAgeSeconds });
  }
}
