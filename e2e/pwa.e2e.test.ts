import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Api, DEMO_IDS, demoId } from './api';
import { chromiumPath } from './browser';
import { heading, useBrowser } from './fixtures';

interface WebManifest {
  name: string;
  lang: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Waits until the site's worker controls the page and has kept what the app asked it to keep
 * (the page and what it loaded before the worker took control): the worker answers a message
 * on a MessageChannel once every earlier request is done.
 */
async function waitUntilKept(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        navigator.serviceWorker.controller!.postMessage({ type: 'sortie:remember', pages: [], resources: [] }, [channel.port2]);
      }),
  );
  expect(await page.evaluate(async (url) => (await caches.match(url, { ignoreVary: true })) !== undefined, page.url())).toBe(true);
}

describe('the app on a phone', () => {
  const { baseUrl, context } = useBrowser();

  it('is installable: Chromium reports no installability error, and the manifest’s icons load', async () => {
    // Chromium refuses to install from an incognito profile, which is what a new context is:
    // this scenario runs in a profile of its own.
    const profile = mkdtempSync(join(tmpdir(), 'sortie-pwa-'));
    let installed: BrowserContext | undefined;
    try {
      installed = await chromium.launchPersistentContext(profile, {
        executablePath: chromiumPath(),
        headless: true,
        baseURL: baseUrl,
        locale: 'fr-FR',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      const origin = new URL(baseUrl).origin;
      await installed.route('**/*', (route) => (new URL(route.request().url()).origin === origin ? route.continue() : route.abort('blockedbyclient')));
      const page = installed.pages()[0] ?? (await installed.newPage());
      await page.goto('/');
      await heading(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

      const cdp = await installed.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);

      const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(errors).toEqual([]);
      const manifest = (await (await page.request.get(url)).json()) as WebManifest;
      expect(manifest).toMatchObject({ name: 'Sortie', lang: 'fr' });
      const wanted = [
        { sizes: '192x192', purpose: 'any' },
        { sizes: '512x512', purpose: 'any' },
        { sizes: '512x512', purpose: 'maskable' },
      ];
      expect(manifest.icons.map(({ sizes, purpose }) => ({ sizes, purpose }))).toEqual(wanted);
      for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
        const response = await page.request.get(icon.src);
        expect(response.status(), icon.src).toBe(200);
        expect(response.headers()['content-type'], icon.src).toBe('image/png');
        const { width, height } = pngSize(await response.body());
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon.png');
    } finally {
      await installed?.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('offline, shows again an event page visited once, with its data', async () => {
    const api = Api.anonymous(baseUrl);
    const event = await api.get<{ title: string; placeId: string }>(`/api/events/${DEMO_IDS.firstEvent}`);
    const place = await api.get<{ name: string }>(`/api/places/${event.placeId}`);
    const phone = await context();
    const page = await phone.newPage();
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    expect(await heading(page)).toBe(event.title);
    await waitUntilKept(page);

    await phone.setOffline(true);
    await page.reload();
    expect(await heading(page)).toBe(event.title);
    // Once the app has started (from the kept shell) and read its data (from the kept reads),
    // the page still shows the event and its place, and no error.
    await page.waitForLoadState('networkidle');
    expect(await heading(page)).toBe(event.title);
    await expect(page.getByText(place.name).first().isVisible()).resolves.toBe(true);
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([]);
    await expect(page.title()).resolves.not.toMatch(/hors connexion/i);
  });

  it('offline, shows again a page reached inside the app (no navigation the worker could keep)', async () => {
    const api = Api.anonymous(baseUrl);
    const event = await api.get<{ placeId: string }>(`/api/events/${DEMO_IDS.firstEvent}`);
    const place = await api.get<{ name: string }>(`/api/places/${event.placeId}`);
    const phone = await context();
    const page = await phone.newPage();
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    await heading(page);
    await waitUntilKept(page);

    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    await page.getByRole('link', { name: place.name }).first().click();
    await page.waitForURL(`**/places/${event.placeId}`);
    expect(await heading(page)).toBe(place.name);
    // The app routed there itself: the same document, no navigation for the worker to see.
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(true);
    await waitUntilKept(page);

    await phone.setOffline(true);
    await page.reload();
    expect(await heading(page)).toBe(place.name);
  });

  it('offline, shows the French offline page for an event page never visited', async () => {
    const phone = await context();
    const page = await phone.newPage();
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    await heading(page);
    await waitUntilKept(page);

    await phone.setOffline(true);
    await page.goto(`/events/${demoId('event:1')}`);
    expect(await heading(page)).toBe('Vous êtes hors connexion');
    await expect(page.title()).resolves.toBe('Hors connexion — Sortie');
    // Its look comes from the worker's cache too: the stylesheet applied (a dark page).
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(15, 17, 21)');
  });

  /**
   * A phone on the landing page, notifications allowed (a notification shown by mistake would be
   * there to find), its service worker in control; `push` delivers a message through Chromium as
   * the push service would, to the worker registered for the site.
   */
  async function pushablePage(): Promise<{ page: Page; push: (message: object) => Promise<void> }> {
    const phone = await context();
    await phone.grantPermissions(['notifications'], { origin: baseUrl });
    const page = await phone.newPage();
    await page.goto('/');
    await heading(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const cdp = await phone.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (update) => registrations.push(...update.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((registration) => !registration.isDeleted)?.scopeURL, { timeout: 10_000 }).toBe(`${baseUrl}/`);
    const { registrationId } = registrations.find((registration) => !registration.isDeleted)!;
    const push = async (message: object) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseUrl).origin, registrationId, data: JSON.stringify(message) });
    };
    return { page, push };
  }

  it('hands a push message to the focused page, as Firebase’s foreground message (the in-app toast), and shows no notification', async () => {
    const { page, push } = await pushablePage();
    await page.evaluate(() => {
      const received: unknown[] = [];
      (window as unknown as { received: unknown[] }).received = received;
      navigator.serviceWorker.addEventListener('message', (event) => received.push(event.data));
    });
    const message = { notification: { title: 'Concert ce soir', body: 'À 21 h' }, data: { id: DEMO_IDS.notification } };
    await push(message);

    await expect.poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received), { timeout: 10_000 }).toEqual([
      { ...message, isFirebaseMessaging: true, messageType: 'push-received' },
    ]);
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
  });

  it('shows the server’s Web Push message as a system notification when no page of the site is on screen (issue 33)', async () => {
    const { page, push } = await pushablePage();
    // The visitor leaves the site: no page of it is left.
    await page.goto('about:blank');
    const link = `/events/${demoId('event:1')}`;
    const message = { id: DEMO_IDS.notification, title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link, icon: null };
    await push(message);

    await page.goto('/');
    await heading(page);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          badge: (notification as Notification & { badge?: string }).badge,
          link: (notification.data as { link: string }).link,
        })),
      );
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      { title: message.title, body: message.body, tag: DEMO_IDS.notification, badge: `${baseUrl}/icons/icon-192.png`, link: `${baseUrl}${link}` },
    ]);
  });
});
