import { describe, expect, it } from 'vitest';
import { Api, DEMO_IDS, DEMO_SHORT_CODES, demoId } from './api';
import { exposeRedirects, fakeExternalSite, heading, useBrowser } from './fixtures';

interface Counted {
  _id: string;
  visitCount?: number;
  viewCount?: number;
}

describe('links that bring a visitor in or send them out', () => {
  const { baseUrl, context } = useBrowser();

  async function visitsOf(linkId: string): Promise<number> {
    const staff = await Api.staff(baseUrl);
    const list = await staff.get<{ items: Counted[] }>('/api/dynaLinks?limit=100');
    const link = list.items.find((item) => item._id === linkId);
    if (!link) throw new Error(`lien ${linkId} absent de la liste`);
    return link.visitCount ?? 0;
  }

  it('follows a short link /r/{shortCode} to its external target and counts the visit', async () => {
    const linkId = demoId('dynalink:agenda');
    const before = await visitsOf(linkId);
    const browserContext = await context();
    await fakeExternalSite(browserContext, 'https://www.example.org', 'Agenda externe');
    const redirects = await exposeRedirects(browserContext, '**/r/**');
    const page = await browserContext.newPage();

    await page.goto(`/r/${DEMO_SHORT_CODES.agenda}`);

    await page.waitForURL('https://www.example.org/agenda');
    // Answered by the server before any JavaScript of the app loads.
    expect(redirects).toEqual([{ status: 302, location: 'https://www.example.org/agenda' }]);
    expect(await heading(page)).toBe('Agenda externe');
    // The server writes visits in batches (every 250 ms): wait for the count to move.
    await expect.poll(() => visitsOf(linkId), { timeout: 10_000 }).toBe(before + 1);
  });

  it('sends an unknown short code to /home, which lands on the default city', async () => {
    const page = await (await context()).newPage();
    await page.goto('/r/ce-code-nexiste-pas');
    await page.waitForURL('**/home/Poitiers');
    expect(await heading(page)).toBe('Que faire à Poitiers ?');
  });

  it('removes nshid from the address, keeps the other parameters, and counts the share view', async () => {
    const staff = await Api.staff(baseUrl);
    const viewsOf = async () => (await staff.get<Counted>(`/api/shares/${DEMO_IDS.share}`)).viewCount ?? 0;
    const before = await viewsOf();
    const page = await (await context()).newPage();

    await page.goto(`/home/Poitiers?a=1&nshid=${DEMO_IDS.share}&b=2`);

    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('?a=1&b=2');
    expect(new URL(page.url()).pathname).toBe('/home/Poitiers');
    expect(await heading(page)).toBe('Que faire à Poitiers ?');
    // The address was replaced, not pushed: going back leaves the page.
    expect(await page.evaluate(() => history.length)).toBe(2);
    await expect.poll(viewsOf, { timeout: 10_000 }).toBe(before + 1);
  });

  it('follows ?dyna={id} to the dynamic link’s external url and counts the visit', async () => {
    const before = await visitsOf(DEMO_IDS.dynaLinks.poitiers);
    const browserContext = await context();
    await fakeExternalSite(browserContext, 'https://www.poitiers.fr', 'Ville de Poitiers');
    const page = await browserContext.newPage();

    await page.goto(`/home/Poitiers?dyna=${DEMO_IDS.dynaLinks.poitiers}`);

    await page.waitForURL('https://www.poitiers.fr/');
    expect(await heading(page)).toBe('Ville de Poitiers');
    await expect.poll(() => visitsOf(DEMO_IDS.dynaLinks.poitiers), { timeout: 10_000 }).toBe(before + 1);
  });
});
