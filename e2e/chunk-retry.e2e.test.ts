import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from './api';
import { consoleErrors, signInThroughApi, useBrowser } from './fixtures';

// The dashboard’s list pages (/dashboard/raffles among them) share this chunk; its second try
// comes with a query (lazy-retry.ts: Chromium keeps a failed module under its address).
const LIST_CHUNK = /\/assets\/ResourceListPage-[\w-]+\.js(\?.*)?$/;
// What the browser logs for a request that failed: expected here, for the chunk the test fails.
const FAILED_LOAD = /^Failed to load resource: net::ERR_FAILED$/;

/** Fails the requests for `chunk` that `fail(n)` says to (n counts from 1); answers how many were made. */
async function failChunk(page: Page, chunk: RegExp, fail: (n: number) => boolean): Promise<{ requests: number }> {
  const seen = { requests: 0 };
  await page.route(chunk, (route) => {
    seen.requests += 1;
    return fail(seen.requests) ? route.abort('failed') : route.continue();
  });
  return seen;
}

describe('a part of the app that fails to download (issue 30)', () => {
  const { context } = useBrowser();

  /** The staff member, signed in; the service worker is kept out so that the page's own requests are the ones failed. */
  async function staffPage(): Promise<{ page: Page; heard: string[] }> {
    const page = await (await context({ serviceWorkers: 'block' })).newPage();
    await signInThroughApi(page, DEMO_ACCOUNTS.staff.email);
    return { page, heard: consoleErrors(page) };
  }

  it('is downloaded a second time when the first request fails, and the page shows as usual', async () => {
    const { page, heard } = await staffPage();
    const chunk = await failChunk(page, LIST_CHUNK, (n) => n === 1);
    await page.goto('/dashboard/raffles');
    await page.getByRole('link', { name: 'Nouveau' }).waitFor({ timeout: 15_000 });
    await page.getByRole('table').or(page.getByText(/pour l’instant : créez/)).first().waitFor({ timeout: 15_000 });
    expect(chunk.requests).toBe(2);
    expect(await page.getByText('Recharger la page').count()).toBe(0);
    // The one failed request is all the console says.
    expect(heard.filter((text) => !FAILED_LOAD.test(text))).toEqual([]);
    expect(heard.filter((text) => FAILED_LOAD.test(text))).toHaveLength(1);
  });

  it('offers « Recharger la page » in French when it cannot be downloaded at all, never the browser’s English text; the reload then brings the page', async () => {
    const { page } = await staffPage();
    let down = true;
    const chunk = await failChunk(page, LIST_CHUNK, () => down);
    await page.goto('/dashboard/raffles');
    const reload = page.getByRole('button', { name: 'Recharger la page' });
    await reload.waitFor({ timeout: 15_000 });
    expect(chunk.requests).toBe(2);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('La page n’a pas pu se charger');
    const text = await page.locator('body').innerText();
    expect(text).toContain('Rechargez la page pour continuer.');
    expect(text).not.toMatch(/Failed to fetch|dynamically imported module|Internal Server Error|Une erreur est survenue/i);

    // Once the network is back, the button reloads the page, which now loads.
    down = false;
    await reload.click();
    await page.getByRole('link', { name: 'Nouveau' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Recharger la page').count()).toBe(0);
  });

  it('does the same for a public page opened from a link inside the app', async () => {
    const page = await (await context({ serviceWorkers: 'block' })).newPage();
    const heard = consoleErrors(page);
    const chunk = await failChunk(page, /\/assets\/JobOffersPage-[\w-]+\.js(\?.*)?$/, (n) => n === 1);
    await page.goto('/places');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Emplois' }).click();
    await page.getByRole('heading', { level: 1, name: 'Offres d’emploi' }).waitFor({ timeout: 15_000 });
    expect(chunk.requests).toBe(2);
    expect(heard.filter((text) => !FAILED_LOAD.test(text))).toEqual([]);
  });
});
