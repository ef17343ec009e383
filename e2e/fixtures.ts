import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, openBrowser } from './browser';
import { DEMO_PASSWORD } from './api';

/**
 * The project's one Chromium (a fresh connection per test file), a fresh context (cookies, storage) per scenario. Call at the
 * top of a describe block; `browser()` is ready inside the tests.
 */
export function useBrowser(): { baseUrl: string; browser: () => Browser; context: (options?: Parameters<typeof newContext>[2]) => Promise<BrowserContext> } {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await openBrowser(inject('browserWsEndpoint'));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    browser: () => {
      if (!browser) throw new Error('Le navigateur n’est pas lancé.');
      return browser;
    },
    context: async (options = {}) => {
      if (!browser) throw new Error('Le navigateur n’est pas lancé.');
      const context = await newContext(browser, baseUrl, options);
      contexts.push(context);
      return context;
    },
  };
}

/**
 * Answers every request to an external site with a small page, so that a redirect out of
 * the app can be followed without the internet. Answers the list of the urls asked for.
 */
export async function fakeExternalSite(context: BrowserContext, origin: string, title = 'Site externe'): Promise<string[]> {
  const requested: string[] = [];
  await context.route(`${origin}/**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: `<!doctype html><html lang="fr"><title>${title}</title><h1>${title}</h1></html>` });
  });
  return requested;
}

/** The text of the page's main heading once the app has drawn it. */
export async function heading(page: Page): Promise<string> {
  const h1 = page.locator('h1').first();
  await h1.waitFor({ state: 'visible', timeout: 15_000 });
  // French typography puts a no-break space before « ? » and « ! »: compare plain spaces.
  return (await h1.innerText()).replace(/[\u00a0\u202f]/g, ' ').trim();
}

/**
 * Chromium follows a server's redirect inside its network stack, where routes cannot see the
 * next request (a fulfilled 302 is followed the same way). For the app's requests matching
 * `glob`, the answer is fetched without following redirects; a redirect is recorded, then
 * handed to the page as a tiny page that goes there, so that the browser itself makes the
 * next request and a fake external site (above) answers it.
 */
export async function exposeRedirects(context: BrowserContext, glob: string): Promise<{ status: number; location: string | null }[]> {
  const seen: { status: number; location: string | null }[] = [];
  await context.route(glob, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'] ?? null;
    seen.push({ status: response.status(), location });
    if (response.status() < 300 || response.status() >= 400 || !location) return route.fulfill({ response });
    const target = new URL(location, route.request().url()).href;
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="fr"><title>Redirection</title><script>location.replace(${JSON.stringify(target)})</script></html>`,
    });
  });
  return seen;
}

/**
 * Signs in through the header's dialog, as a visitor would, from the page already open (or
 * from the Poitiers feed when `from` is given), and waits for the account menu.
 */
export async function signInThroughDialog(page: Page, email: string, options: { from?: string; password?: string } = {}): Promise<void> {
  if (options.from) await page.goto(options.from);
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Se connecter' }).waitFor();
  await dialog.getByLabel('Adresse e-mail').fill(email);
  await dialog.getByLabel('Mot de passe').fill(options.password ?? DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: /^Mon compte/ }).waitFor({ timeout: 15_000 });
}

/**
 * Signs the page's context in through the API, as the dialog does it (the embedded identity
 * provider's token, then the web login, which sets the session cookie the whole context then
 * shares): for scenarios about what a signed-in person does, not about signing in. The dialog
 * itself is walked through by the account, push-after-sign-in and engagement scenarios.
 */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const request = page.context().request;
  const signIn = await request.post('/api/identity/signIn', { data: { email, password } });
  if (!signIn.ok()) throw new Error(`signIn ${email} → ${signIn.status()} ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const login = await request.post('/api/auth/login/web', { data: { idToken, messagingToken: null } });
  if (!login.ok()) throw new Error(`login/web ${email} → ${login.status()} ${await login.text()}`);
}

/**
 * What a page says is wrong, from now on: console errors, any warning about hydration (React's
 * #418 is logged as an error, a mismatch in development as a warning) and uncaught exceptions.
 * Each is a failure of a scenario, but for what `ignore` names (a request the test itself refuses).
 */
export function consoleErrors(page: Page, ignore?: RegExp): string[] {
  const heard: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (ignore?.test(text)) return;
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(text))) heard.push(text);
  });
  page.on('pageerror', (error) => heard.push(error.message));
  return heard;
}

