import type { CookiePort } from '@sortie/core';

/** CookiePort for a terminal: page cookies (the mobile-redirect marker) mean nothing there. */
export class MemoryCookieAdapter implements CookiePort {
  readonly #values = new Map<string, string>();

  get(name: string): string | null {
    return this.#values.get(name) ?? null;
  }

  set(name: string, value: string): void {
    this.#values.set(name, value);
  }
}
