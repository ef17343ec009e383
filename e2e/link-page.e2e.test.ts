import { describe, expect, it } from 'vitest';
import { PHONE_UA } from './browser';
import { Api, DEMO_IDS } from './api';
import { consoleErrors, heading, signInThroughApi, useBrowser } from './fixtures';

/** Issue 36: a short link made a venue's link page (« lien en bio »), opened from an Instagram bio on a phone. */
describe('a venue’s link page', () => {
  const { baseUrl, context } = useBrowser();

  it('staff make a link the page of a place; a phone opens it in the place’s colour with its links, follows an event, and the visit is counted', async () => {
    const code = `bio${Date.now().toString(36)}`;
    const title = `Soirée bio ${code}`;
    // A venue of its own colour, with an Instagram account, and an event ahead there.
    const api = await Api.staff(baseUrl);
    const venue = `Le Bocal ${code}`;
    const place = await api.request<{ _id: string }>('POST', '/api/places', {
      name: venue,
      slug: code,
      address: { street: '3 rue de la Marne', postalCode: '86000', city: 'Poitiers' },
      // On the map, as a real venue is: other scenarios open Poitiers' first event and its map.
      location: { lat: 46.5833, lng: 0.3398 },
      colour: '#1e6b52',
      website: 'https://www.example.org/bocal',
      socials: { instagram: 'https://www.instagram.com/lebocal' },
    });
    const event = await api.request<{ _id: string }>('POST', '/api/events', { title, startsAt: new Date(Date.now() + 86_400_000).toISOString(), city: 'Poitiers', placeId: place._id, status: 'published' });

    const staffContext = await context();
    const page = await staffContext.newPage();
    const errors = consoleErrors(page);
    await signInThroughApi(page, 'staff@demo.sortie.fr');
    await page.goto('/dashboard/dynaLinks');
    await page.getByRole('link', { name: 'Nouveau' }).click();
    const form = page.getByRole('form', { name: 'Créer' });
    await form.getByLabel(/^Destination\s*\*?$/).fill('https://www.example.org/confort');
    await form.getByLabel('Code court').fill(code);
    // The place, found by typing part of its name.
    const picker = form.getByRole('combobox', { name: 'Lieu' });
    await picker.fill(code);
    await page.getByRole('option', { name: venue }).waitFor({ timeout: 15_000 });
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await form.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/dashboard\/dynaLinks\/[0-9a-f]{24}$/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('link-page-note').innerText(), { timeout: 15_000 }).toContain(venue);

    // A phone opens the link from the place's Instagram bio.
    const phone = await context({ userAgent: PHONE_UA.iphone });
    // (It was sent to the App Store earlier today, SPEC §4: the event's page is shown, not the store.)
    await phone.addCookies([{ name: 'sortie_mobile_redirect', value: '1', url: baseUrl }]);
    const phonePage = await phone.newPage();
    const phoneErrors = consoleErrors(phonePage);
    // (The referrer of this navigation only: the page's own links then carry the page's.)
    const response = await phonePage.goto(`/r/${code}`, { referer: 'https://l.instagram.com/' });
    expect(response?.status()).toBe(200);
    expect(await heading(phonePage)).toBe(venue);
    expect(await phonePage.locator('html').getAttribute('lang')).toBe('fr');
    // Drawn in the place's colour.
    expect(await phonePage.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe('rgb(30, 107, 82)');
    const events = phonePage.getByRole('region', { name: 'Prochains événements' });
    const link = events.getByRole('link', { name: new RegExp(title) });
    await link.waitFor();
    const links = phonePage.getByRole('region', { name: 'Liens' });
    expect(await links.getByRole('link', { name: 'Site web' }).getAttribute('href')).toBe('https://www.example.org/bocal');
    expect(await links.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/lebocal');
    // The event's own page on Sortie.
    await link.click();
    await expect.poll(() => phonePage.url(), { timeout: 20_000 }).toBe(`${baseUrl}/events/${event._id}`);
    expect(await heading(phonePage)).toBe(title);

    // Counted like a redirect, with what it tells.
    await page.reload();
    await page.getByRole('heading', { name: 'Statistiques' }).waitFor();
    await expect.poll(() => page.getByTestId('link-stats-total').innerText(), { timeout: 15_000 }).toBe('1 visite sur 30 jours : 1 personne, 0 robot, 0 par QR code.');
    await page.getByRole('cell', { name: 'instagram.com' }).waitFor();
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  }, 120_000);

  it('?dyna={id} of a protected link opens its password page, and staff take the password away from the link’s panel', async () => {
    const code = `mdp${Date.now().toString(36)}`;
    const api = await Api.staff(baseUrl);
    const link = await api.request<{ _id: string }>('POST', '/api/dynaLinks', { url: 'https://www.example.org/secret', shortCode: code, password: 'sesame-e2e' });

    const visitor = await (await context()).newPage();
    const visitorErrors = consoleErrors(visitor);
    await visitor.goto(`/events/${DEMO_IDS.firstEvent}?dyna=${link._id}`);
    await visitor.waitForURL(`**/r/${code}`, { timeout: 15_000 });
    expect(await heading(visitor)).toBe('Ce lien est protégé');

    const staffPage = await (await context()).newPage();
    const errors = consoleErrors(staffPage);
    await signInThroughApi(staffPage, 'staff@demo.sortie.fr');
    await staffPage.goto(`/dashboard/dynaLinks/${link._id}`);
    const password = staffPage.getByTestId('link-password');
    await password.waitFor({ timeout: 15_000 });
    await password.getByRole('button', { name: 'Retirer le mot de passe' }).click();
    await password.waitFor({ state: 'detached', timeout: 15_000 });
    const res = await fetch(`${baseUrl}/r/${code}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.example.org/secret');
    expect(errors).toEqual([]);
    expect(visitorErrors).toEqual([]);
  }, 120_000);
});
