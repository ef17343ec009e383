import type { CookiePort } from '../ports/cookie.port';

/** The page's cookies; `written` keeps every set with its lifetime. */
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
    this.values.set(name, value);
    this.written.push({ name, value, maxAgeSeconds: options.maxAgeSeconds });
  }
}
