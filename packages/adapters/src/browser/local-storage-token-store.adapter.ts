import type { TokenStorePort } from '@sortie/core';

/**
 * TokenStorePort over localStorage. When storage is refused (private browsing, quota, a
 * sandboxed frame), values live in memory for the page's life instead of breaking the app.
 */
export class LocalStorageTokenStore implements TokenStorePort {
  readonly #fallback = new Map<string, string>();

  constructor(private readonly storage: () => Storage | undefined = () => globalThis.localStorage) {}

  get(key: string): string | null {
    try {
      const storage = this.storage();
      if (storage) return storage.getItem(key);
    } catch {
      // fall through to memory
    }
    return this.#fallback.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.#fallback.set(key, value);
    try {
      this.storage()?.setItem(key, value);
    } catch {
      // kept in memory only
    }
  }

  remove(key: string): void {
    this.#fallback.delete(key);
    try {
      this.storage()?.removeItem(key);
    } catch {
      // nothing stored there
    }
  }
}
