import type { TokenStorePort } from '../../ports/token-store.port';
import { withSubject, type ContractRunner, type Teardown } from './runner';

export interface TokenStoreSubject extends Teardown {
  store: TokenStorePort;
  /** A new instance over the same storage (a reload, the CLI's next run); absent for a store that lives in memory only. */
  reopen?: () => TokenStorePort;
}

/** What a caller of TokenStorePort may rely on, whoever implements it. */
export function tokenStoreContract(t: ContractRunner, name: string, setup: () => Promise<TokenStoreSubject> | TokenStoreSubject): void {
  const { it, expect } = t;
  withSubject(t, `TokenStorePort contract: ${name}`, setup, (subject) => {
    it('answers null for a key never set', () => {
      expect(subject().store.get('spotify_token')).toBeNull();
    });

    it('gives back what was set, to the character, and the last value set', () => {
      const { store } = subject();
      const value = JSON.stringify({ access_token: 'BQD-é"; =\n', expires_at: 1 });
      store.set('spotify_token', 'old');
      store.set('spotify_token', value);
      expect(store.get('spotify_token')).toBe(value);
      store.set('empty', '');
      expect(store.get('empty')).toBe('');
    });

    it('keeps keys apart, and remove forgets one key only (removing a missing key is no error)', () => {
      const { store } = subject();
      store.set('a', '1');
      store.set('b', '2');
      store.remove('a');
      store.remove('never-set');
      expect(store.get('a')).toBeNull();
      expect(store.get('b')).toBe('2');
    });

    it('keeps values across instances over the same storage', (context) => {
      const { store, reopen } = subject();
      if (!reopen) return context.skip();
      store.set('cookies', 'sortie_session=abc');
      store.set('gone', 'x');
      store.remove('gone');
      const again = reopen();
      expect(again.get('cookies')).toBe('sortie_session=abc');
      expect(again.get('gone')).toBeNull();
    });
  });
}
