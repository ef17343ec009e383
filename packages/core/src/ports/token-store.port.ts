import type { ServiceIdentifier } from 'inversify';

export const TokenStorePort = Symbol.for('TokenStorePort') as ServiceIdentifier<TokenStorePort>;
/** Small string values kept across reloads: localStorage in a browser, a 0600 file for the CLI. */
export interface TokenStorePort {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}
