import { describe, expect, it } from 'vitest';
import { MOBILE_REDIRECT_COOKIE, MOBILE_REDIRECT_MARKER_MAX_AGE_SECONDS } from '../domain/constants';
import { createTestContainer, USER_AGENTS } from '../testing';
import type { RuntimeConfig } from '../ports/runtime-config.port';
import { MobileAppRedirect } from './mobile-app-redirect.use-case';

const IOS_STORE = 'https://apps.apple.com/fr/app/sortie/id123';
const ANDROID_STORE = 'https://play.google.com/store/apps/details?id=fr.sortie';

function setup(userAgent: string, config: Partial<RuntimeConfig> = {}) {
  const { container, fakes } = createTestContainer({ config: { storePages: { ios: IOS_STORE, android: ANDROID_STORE }, ...config } });
  fakes.navigator.useUserAgent(userAgent);
  return { redirect: container.get(MobileAppRedirect), ...fakes };
}

describe('MobileAppRedirect', () => {
  it('sends Android visitors to the Android store page, marking the attempt for 86400 s first', () => {
    const { redirect, navigator, cookies } = setup(USER_AGENTS.android);

    const decision = redirect.execute('/events');

    expect(decision).toEqual({ redirect: true, target: ANDROID_STORE, platform: 'android', reason: 'store-page' });
    expect(MOBILE_REDIRECT_MARKER_MAX_AGE_SECONDS).toBe(86400);
    expect(cookies.written).toEqual([{ name: MOBILE_REDIRECT_COOKIE, value: '1', maxAgeSeconds: 86400 }]);
    expect(navigator.redirects).toEqual([ANDROID_STORE]);
  });

  it.each([
    ['iPhone', USER_AGENTS.iphone],
    ['iPad', USER_AGENTS.ipad],
    ['iPod', USER_AGENTS.ipod],
  ])('sends %s visitors to the iOS store page', (_, userAgent) => {
    const { redirect, navigator } = setup(userAgent);
    expect(redirect.execute('/').target).toBe(IOS_STORE);
    expect(navigator.redirects).toEqual([IOS_STORE]);
  });

  it('redirects at most once while the marker cookie lives', () => {
    const { redirect, navigator } = setup(USER_AGENTS.iphone);
    redirect.execute('/');
    const second = redirect.execute('/map');
    expect(second).toMatchObject({ redirect: false, reason: 'already-attempted', platform: 'ios' });
    expect(navigator.redirects).toHaveLength(1);
  });

  it.each([['desktop', USER_AGENTS.desktop], ['mac', USER_AGENTS.mac]])('never redirects other systems (%s)', (_, userAgent) => {
    const { redirect, navigator, cookies } = setup(userAgent);
    expect(redirect.execute('/')).toEqual({ redirect: false, target: null, platform: 'other', reason: 'other-platform' });
    expect(navigator.redirects).toEqual([]);
    expect(cookies.written).toEqual([]);
  });

  it.each(['/debug-mobile', '/debug', '/debug/x', '/admin', '/admin/users', '/unauthorized', '/notFound', '/dashboard', '/dashboard/events/abc'])(
    'is skipped on %s',
    (pathname) => {
      const { redirect, navigator, cookies } = setup(USER_AGENTS.android);
      expect(redirect.execute(pathname)).toMatchObject({ redirect: false, reason: 'skipped-path' });
      expect(navigator.redirects).toEqual([]);
      expect(cookies.written).toEqual([]);
    },
  );

  it('is not skipped on a path that merely contains a skipped prefix', () => {
    const { redirect } = setup(USER_AGENTS.android);
    expect(redirect.decide('/events/dashboard').redirect).toBe(true);
  });

  it('does not redirect when the platform has no store page', () => {
    const { redirect, navigator } = setup(USER_AGENTS.android, { storePages: { ios: IOS_STORE, android: null } });
    expect(redirect.execute('/')).toMatchObject({ redirect: false, target: null, reason: 'no-store-page', platform: 'android' });
    expect(navigator.redirects).toEqual([]);
  });

  it('decide only tells, it neither sets the cookie nor redirects', () => {
    const { redirect, navigator, cookies } = setup(USER_AGENTS.android);
    expect(redirect.decide('/').redirect).toBe(true);
    expect(navigator.redirects).toEqual([]);
    expect(cookies.written).toEqual([]);
  });
});
