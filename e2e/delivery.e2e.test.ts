import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Api, DEMO_ACCOUNTS, DEMO_IDS, DEMO_PASSWORD } from './api';
import { heading, useBrowser } from './fixtures';

/** What a page did wrong in the browser's eyes: CSP violations, and requests to the app that failed. */
async function watch(page: Page, origin: string) {
  const problems: string[] = [];
  const calls: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) problems.push(message.text());
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    calls.push(url.pathname);
    if (response.status() >= 400) problems.push(`${response.status()} ${url.pathname}`);
  });
  return { problems, calls };
}

describe('delivery in the browser: security headers, compression, caching', () => {
  const { baseUrl, context } = useBrowser();

  it('lets an anonymous visitor’s pages run under the CSP, with no failed request and no session check (no 401)', async () => {
    const api = Api.anonymous(baseUrl);
    const [event] = (await api.get<{ items: Array<{ _id: string }> }>(`/api/events?placeId=${DEMO_IDS.places.confort}&limit=1`)).items;
    const page = await (await context()).newPage();
    const { problems, calls } = await watch(page, baseUrl);
    for (const path of ['/', '/home/Poitiers', `/events/${event!._id}`, `/places/${DEMO_IDS.places.confort}`, '/map', `/tournaments/${DEMO_IDS.tournament}`]) {
      await page.goto(path);
      await heading(page);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    expect(calls.filter((path) => path.startsWith('/api/auth/'))).toEqual([]);
  });

  it('keeps a signed-in visitor’s session across a reload under the CSP', async () => {
    const browserContext = await context();
    const page = await browserContext.newPage();
    const { problems } = await watch(page, baseUrl);
    await page.goto('/home/Poitiers');
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.visitor.email);
    await dialog.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Mon compte (${DEMO_ACCOUNTS.visitor.displayName})` }).waitFor({ timeout: 15_000 });
    const hint = (await browserContext.cookies(baseUrl)).find((cookie) => cookie.name === 'sortie_signed_in');
    expect(hint).toMatchObject({ value: '1', httpOnly: false });
    await page.reload();
    await page.getByRole('button', { name: `Mon compte (${DEMO_ACCOUNTS.visitor.displayName})` }).waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
  });

  it('sends the shell and its scripts compressed, the hashed scripts cached for a year, the shell revalidated', async () => {
    const shell = await fetch(`${baseUrl}/home/Poitiers`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(shell.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await shell.text();
    const scripts = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const res = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, script).toBe(200);
      expect(res.headers.get('content-encoding'), script).toBe('br');
      expect(res.headers.get('cache-control'), script).toBe('public, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
    const events = await fetch(`${baseUrl}/api/events?limit=20`, { headers: { accept: 'application/json', 'accept-encoding': 'gzip' } });
    expect(events.headers.get('content-encoding')).toBe('gzip');
    expect(((await events.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });

  it('shows the event’s calendar links and subscription', async () => {
    const page = await (await context()).newPage();
    await page.goto(`/places/${DEMO_IDS.places.confort}`);
    await heading(page);
    const subscribe = page.getByRole('link', { name: /S’abonner à l’agenda/ });
    await expect.poll(() => subscribe.getAttribute('href'), { timeout: 15_000 }).toBe(`webcal://${new URL(baseUrl).host}/calendar/places/${DEMO_IDS.places.confort}.ics`);
    const ics = await fetch(`${baseUrl}/calendar/places/${DEMO_IDS.places.confort}.ics`);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });
});
