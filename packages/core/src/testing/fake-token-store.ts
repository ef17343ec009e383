import type { TokenStorePort } from '../ports/token-store.port';

/** localStorage, in memory. */
export class FakeTokenStore implements TokenStorePort {
  readonly values = new Map<string, string>();

  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
  }

  remove(key: string): void {
    this.values.delete(key);
  }

  /** The stored value parsed as JSON, or null. */
  json<T = unknown>(key: string): T | null {
    const value = this.values.get(key);
    return value === undefined ? null : (JSON.parse(value) as T);
  }
}
