import type { CookiePort } from '@sortie/core';

/** CookiePort for a terminal: page cookies (the mobile-redirect marker) mean nothing there. A lifetime of 0 or less deletes, as in a browser. */
export class MemoryCookieAdapter implements CookiePort {
  readonly #values = new Map<string, string>();

  get(name: string): string | null {
    return this.#values.get(name) ?? null;
  }

  set(name: string, value: string, options: { maxAgeSeconds: number }): void {
    if (options.maxAgeSeconds > 0) this.#values.set(name, value);
    else this.#values.delete(name);
  }
}
