import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, openBrowser } from './browser';
import { signInThroughApi } from './fixtures';

// The back office end to end: a staff member creates an event that then shows on the public
// city page, edits it and deletes it; a visitor is refused, by the app and by the server.


/** A `datetime-local` value in Paris time, `minutes` from now. */
function parisLocal(minutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}


const h1 = async (page: Page) => (await page.locator('h1').first().innerText()).replace(/[\u00a0\u202f]/g, ' ').trim();

describe('the back office', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const context = await newContext(browser, baseUrl);
    contexts.push(context);
    return context.newPage();
  };
  beforeAll(async () => {
    browser = await openBrowser(inject('browserWsEndpoint'));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets staff create an event that shows on the city page, edit it and delete it', async () => {
    const page = await open();
    await signInThroughApi(page, 'staff@demo.sortie.fr');
    const title = `Concert e2e ${Date.now().toString(36)}`;

    await page.goto('/dashboard/events');
    expect(await h1(page)).toBe('Événements');
    await page.getByRole('link', { name: 'Nouveau' }).click();
    const form = page.getByRole('form', { name: 'Créer' });
    await form.getByLabel('Titre').fill(title);
    await form.getByLabel('Début').fill(parisLocal(45));
    await form.getByLabel('Ville').fill('Poitiers');
    await form.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/dashboard\/events\/[0-9a-f]{24}$/, { timeout: 15_000 });
    const id = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // The public city page lists it (its lists may be cached for a second: reload until then).
    const city = await open();
    await expect
      .poll(
        async () => {
          await city.goto('/home/Poitiers');
          return city
            .getByText(title)
            .first()
            .waitFor({ timeout: 8_000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);

    // Edit the title.
    const edited = `${title} (complet)`;
    const editForm = page.getByRole('form', { name: 'Modifier' });
    await editForm.getByLabel('Titre').fill(edited);
    await editForm.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'Enregistré.' }).waitFor();
    const onServer = await page.request.get(`/api/events/${id}`);
    expect((await onServer.json()).title).toBe(edited);
    await city.goto(`/events/${id}`);
    await expect.poll(() => h1(city), { timeout: 15_000 }).toBe(edited);

    // Delete it, after the confirmation.
    await page.getByRole('button', { name: 'Supprimer', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement ?' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.waitForURL(/\/dashboard\/events$/, { timeout: 15_000 });
    expect((await page.request.get(`/api/events/${id}`)).status()).toBe(404);
  });

  it('opens the list and a record of every resource, and the special pages, with the demo data', async () => {
    const page = await open();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await signInThroughApi(page, 'admin@demo.sortie.fr');
    const resources = ['artists', 'badges', 'blindtests', 'collectors', 'dynaLinks', 'eventCategories', 'events', 'forms', 'formTemplates', 'menus', 'organizations', 'places', 'questions', 'raffles', 'scrape', 'stores', 'tournaments', 'users'];
    for (const resource of resources) {
      await page.goto(`/dashboard/${resource}`);
      await page.getByRole('link', { name: 'Nouveau' }).waitFor({ timeout: 15_000 });
      const table = page.getByRole('table');
      const empty = page.getByText(/pour l’instant : créez (le premier|la première)/);
      await table.or(empty).first().waitFor({ timeout: 15_000 });
      if (await table.isVisible()) {
        await table.locator('tbody tr').first().getByRole('link').click();
        await page.getByRole('form', { name: 'Modifier' }).waitFor({ timeout: 15_000 });
        expect(await page.getByRole('alert').count(), resource).toBe(0);
      }
    }
    await page.goto('/dashboard/server');
    await page.getByText('Opérationnel').waitFor({ timeout: 15_000 });
    await page.goto('/dashboard/tasks');
    await page.getByRole('button', { name: /^Lancer maintenant/ }).first().click();
    await page.getByText(/a été lancée/).waitFor({ timeout: 15_000 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Activité récente' }).waitFor({ timeout: 15_000 });
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses a visitor: the app sends them to /unauthorized and the server refuses their writes', async () => {
    const page = await open();
    await signInThroughApi(page, 'visiteur@demo.sortie.fr');
    await page.goto('/dashboard/events');
    await page.waitForURL(/\/unauthorized$/, { timeout: 15_000 });
    expect(await h1(page)).toBe('Accès refusé');
    const write = await page.request.post('/api/events', { data: { title: 'Intrus', startsAt: new Date(Date.now() + 86_400_000).toISOString(), city: 'Poitiers' } });
    expect(write.status()).toBe(403);
  });
});
