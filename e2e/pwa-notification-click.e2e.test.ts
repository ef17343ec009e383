import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Api, DEMO_IDS } from './api';
import { chromiumPath } from './browser';
import { startDesktopNotifications, type DesktopNotifications } from './desktop-notifications';
import { consoleErrors, heading } from './fixtures';

/** The registration's notifications, read inside the service worker (no page of the site needed). */
async function workerNotifications(context: BrowserContext): Promise<{ title: string; body: string; link: string }[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('Aucun service worker.');
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: ServiceWorkerRegistration };
    return (await scope.registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      link: (notification.data as { link: string }).link,
    }));
  });
}

interface Phone {
  context: BrowserContext;
  /** The tab the phone opened the site in. */
  page: Page;
  desktop: DesktopNotifications;
  /** Delivers a message to the site's service worker as its push service would. */
  push(message: object): Promise<void>;
  /** What the pages of the phone logged as errors, so far. */
  errors(): string[];
}

/**
 * A phone (a Chromium profile of its own) that visited the site, allowed its notifications, and
 * whose service worker is in control; its notifications go to the test's desktop notification
 * server. A click on a notification is then that server's « default » action, as a desktop sends
 * it when the user clicks: Chromium fires `notificationclick` with the user activation that a real
 * click grants (what `clients.openWindow` and `WindowClient.focus` need). The notifications must
 * belong to a profile Chromium can find again on the click: a Playwright context without a
 * profile on disk is an incognito one it cannot, hence a persistent one.
 */
async function withPhone(baseUrl: string, scenario: (phone: Phone) => Promise<void>): Promise<void> {
  const desktop = await startDesktopNotifications();
  const profile = mkdtempSync(join(tmpdir(), 'sortie-push-click-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      baseURL: baseUrl,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: desktop.address },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const origin = new URL(baseUrl).origin;
    await context.route('**/*', (route) => (new URL(route.request().url()).origin === origin ? route.continue() : route.abort('blockedbyclient')));
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const heard: string[][] = [];
    const watch = (page: Page) => heard.push(consoleErrors(page));
    context.on('page', watch);
    const page = context.pages()[0] ?? (await context.newPage());
    if (!heard.length) watch(page);
    await page.goto('/');
    await heading(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (update) => registrations.push(...update.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((registration) => !registration.isDeleted)?.scopeURL, { timeout: 10_000 }).toBe(`${baseUrl}/`);
    const { registrationId } = registrations.find((registration) => !registration.isDeleted)!;
    await scenario({
      context,
      page,
      desktop,
      push: async (message) => {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
      },
      errors: () => heard.flat(),
    });
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    await desktop.stop();
  }
}

describe('a click on a push notification (issue 33)', () => {
  const baseUrl = inject('baseUrl');
  const link = `/events/${DEMO_IDS.firstEvent}`;
  const reminder = (title: string) => ({ id: DEMO_IDS.notification, title: `Demain : ${title}`, body: `${title} commence demain à 20 h 30.`, link, icon: null });

  it('with no page of the site open: the service worker shows the notification, and the click opens the event’s page in a new tab', async () => {
    const event = await Api.anonymous(baseUrl).get<{ title: string }>(`/api/events/${DEMO_IDS.firstEvent}`);
    await withPhone(baseUrl, async ({ context, page, desktop, push, errors }) => {
      // The visitor leaves the site (no page of it is left), and the server's Web Push message arrives.
      await page.goto('about:blank');
      const message = reminder(event.title);
      await push(message);

      // A system notification: on the desktop, and in the registration's list.
      await expect.poll(() => desktop.shown.map(({ summary, closed }) => ({ summary, closed })), { timeout: 10_000 }).toEqual([{ summary: message.title, closed: false }]);
      const [shown] = desktop.shown;
      expect(shown!.body).toContain(message.body);
      expect(shown!.actions).toContain('default');
      expect(await workerNotifications(context)).toEqual([{ title: message.title, body: message.body, link: `${baseUrl}${link}` }]);

      // The visitor clicks it: the event's page opens in a new tab, and the notification goes away.
      const opened = context.waitForEvent('page', { timeout: 15_000 });
      desktop.click(shown!.id);
      const eventPage = await opened;
      await eventPage.waitForURL(`${baseUrl}${link}`, { timeout: 15_000 });
      expect(await heading(eventPage)).toBe(event.title);
      await expect.poll(() => desktop.shown[0]!.closed, { timeout: 10_000 }).toBe(true);
      expect(await workerNotifications(context)).toEqual([]);
      expect(context.pages().map((candidate) => candidate.url())).toEqual(['about:blank', `${baseUrl}${link}`]);
      expect(errors()).toEqual([]);
    });
  });

  it('with a tab of the site open elsewhere since: the click brings that tab to the event’s page, no new tab', async () => {
    const event = await Api.anonymous(baseUrl).get<{ title: string }>(`/api/events/${DEMO_IDS.firstEvent}`);
    await withPhone(baseUrl, async ({ context, page, desktop, push, errors }) => {
      await page.goto('about:blank');
      const message = reminder(event.title);
      await push(message);
      await expect.poll(() => desktop.shown.map(({ summary }) => summary), { timeout: 10_000 }).toEqual([message.title]);

      // Later the visitor opens the site on its home page, then clicks the notification still there.
      await page.goto('/');
      await heading(page);
      await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
      desktop.click(desktop.shown[0]!.id);
      await page.waitForURL(`${baseUrl}${link}`, { timeout: 15_000 });
      expect(await heading(page)).toBe(event.title);
      // The worker navigated the tab (a new document), and opened none.
      expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
      expect(context.pages().map((candidate) => candidate.url())).toEqual([`${baseUrl}${link}`]);
      await expect.poll(() => desktop.shown[0]!.closed, { timeout: 10_000 }).toBe(true);
      expect(errors()).toEqual([]);
    });
  });

  it('an FCM data message, as the server’s FCM sender sends it, is shown and opened the same way', async () => {
    const event = await Api.anonymous(baseUrl).get<{ title: string }>(`/api/events/${DEMO_IDS.firstEvent}`);
    await withPhone(baseUrl, async ({ context, page, desktop, push, errors }) => {
      await page.goto('about:blank');
      const { id, title, body } = reminder(event.title);
      // FCM hands the worker the message's data (every value a string, '' for none) beside its own fields.
      await push({ data: { id, title, body, link, icon: '' }, from: '1234567890', fcmMessageId: 'e2e-fcm', priority: 'normal' });
      await expect.poll(() => desktop.shown.map(({ summary }) => summary), { timeout: 10_000 }).toEqual([title]);
      expect(await workerNotifications(context)).toEqual([{ title, body, link: `${baseUrl}${link}` }]);

      const opened = context.waitForEvent('page', { timeout: 15_000 });
      desktop.click(desktop.shown[0]!.id);
      const eventPage = await opened;
      await eventPage.waitForURL(`${baseUrl}${link}`, { timeout: 15_000 });
      expect(await heading(eventPage)).toBe(event.title);
      expect(errors()).toEqual([]);
    });
  });
});
