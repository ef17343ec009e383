import { describe, expect, it } from 'vitest';
import { Api } from './api';
import { PHONE_UA } from './browser';
import { fakeExternalSite, heading, useBrowser } from './fixtures';

const MARKER = 'sortie_mobile_redirect';

describe('a visitor on a phone', () => {
  const { baseUrl, context } = useBrowser();

  it('is sent to the store page once, and not again within a day', async () => {
    const { storePages } = await Api.anonymous(baseUrl).get<{ storePages: { android: string } }>('/api/config');
    const store = new URL(storePages.android);
    const phone = await context({ userAgent: PHONE_UA.android, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const storeVisits = await fakeExternalSite(phone, store.origin, 'Sortie sur Google Play');
    const page = await phone.newPage();

    await page.goto('/home/Poitiers');
    await page.waitForURL(storePages.android);
    expect(await heading(page)).toBe('Sortie sur Google Play');
    expect(storeVisits).toEqual([storePages.android]);

    // The attempt is marked for one day on the app's origin.
    const [marker] = (await phone.cookies(baseUrl)).filter((cookie) => cookie.name === MARKER);
    expect(marker).toBeDefined();
    const lifetime = marker!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_400 - 120);
    expect(lifetime).toBeLessThanOrEqual(86_400 + 5);

    // Same phone, same day: the visitor now stays on the site.
    const again = await phone.newPage();
    await again.goto('/home/Poitiers');
    expect(await heading(again)).toBe('Que faire à Poitiers ?');
    await again.waitForLoadState('networkidle'); // the app has started and decided
    expect(again.url()).toBe(`${baseUrl}/home/Poitiers`);
    expect(storeVisits).toHaveLength(1);
  });

  it('is sent to the App Store page from an iPhone', async () => {
    const { storePages } = await Api.anonymous(baseUrl).get<{ storePages: { ios: string } }>('/api/config');
    const phone = await context({ userAgent: PHONE_UA.iphone, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await fakeExternalSite(phone, new URL(storePages.ios).origin, 'Sortie sur l’App Store');
    const page = await phone.newPage();
    await page.goto('/');
    await page.waitForURL(storePages.ios);
    expect(await heading(page)).toBe('Sortie sur l’App Store');
  });

  it('is not sent anywhere on /unauthorized', async () => {
    const phone = await context({ userAgent: PHONE_UA.android, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto('/unauthorized');
    expect(await heading(page)).toBe('Accès refusé');
    expect(new URL(page.url()).pathname).toBe('/unauthorized');
    expect((await phone.cookies(baseUrl)).some((cookie) => cookie.name === MARKER)).toBe(false);
  });
});
