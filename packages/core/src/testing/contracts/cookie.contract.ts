import type { CookiePort } from '../../ports/cookie.port';
import { withSubject, type ContractRunner, type Teardown } from './runner';

export interface CookieSubject extends Teardown {
  cookies: CookiePort;
}

/** What a caller of CookiePort may rely on, whoever implements it. */
export function cookieContract(t: ContractRunner, name: string, setup: () => Promise<CookieSubject> | CookieSubject): void {
  const { it, expect } = t;
  withSubject(t, `CookiePort contract: ${name}`, setup, (subject) => {
    it('answers null for a cookie never set', () => {
      expect(subject().cookies.get('mobile_redirect')).toBeNull();
    });

    it('reads back a cookie set for some time, the last value winning', () => {
      const { cookies } = subject();
      cookies.set('mobile_redirect', '0', { maxAgeSeconds: 3600 });
      cookies.set('mobile_redirect', '1', { maxAgeSeconds: 3600 });
      expect(cookies.get('mobile_redirect')).toBe('1');
    });

    it('keeps values with spaces, semicolons, equals signs and accents intact, and names apart', () => {
      const { cookies } = subject();
      cookies.set('a', 'déjà vu; x=1', { maxAgeSeconds: 60 });
      cookies.set('ab', 'autre', { maxAgeSeconds: 60 });
      expect(cookies.get('a')).toBe('déjà vu; x=1');
      expect(cookies.get('ab')).toBe('autre');
    });

    it('forgets a cookie set for 0 seconds', () => {
      const { cookies } = subject();
      cookies.set('mobile_redirect', '1', { maxAgeSeconds: 3600 });
      cookies.set('mobile_redirect', '1', { maxAgeSeconds: 0 });
      expect(cookies.get('mobile_redirect')).toBeNull();
    });
  });
}
