import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughApi, useBrowser } from './fixtures';

// Sortie fills itself: staff add an iCalendar collector in the dashboard, pointing at the
// server's own demo feed, run it now, and the imported events show in the city feed.

/** Reloads `path` until `text` shows (the public lists may be cached for a second). */
async function eventuallyShows(page: Page, path: string, text: string): Promise<boolean> {
  let shown = false;
  await expect
    .poll(
      async () => {
        await page.goto(path);
        shown = await page
          .getByText(text)
          .first()
          .waitFor({ timeout: 8_000 })
          .then(
            () => true,
            () => false,
          );
        return shown;
      },
      { timeout: 40_000, interval: 1_000 },
    )
    .toBe(true);
  return shown;
}

describe('collectors', () => {
  const { baseUrl, context } = useBrowser();

  it('lets staff add an iCalendar collector, run it, and see its events in the city feed', async () => {
    const page = await (await context()).newPage();
    await signInThroughApi(page, 'staff@demo.sortie.fr');

    await page.goto('/dashboard/collectors');
    await page.getByRole('link', { name: 'Nouveau' }).click();
    const form = page.getByRole('form', { name: 'Créer' });
    await form.getByLabel('Nom').fill('Agenda e2e du Confort Moderne');
    await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Flux iCalendar' });
    await form.getByLabel('Adresse de la source').fill(`${baseUrl}/demo-sources/agenda.ics`);
    await form.getByLabel('Ville').fill('Poitiers');
    await form.getByLabel(/Publier sans relecture/).check();
    await form.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/dashboard\/collectors\/[0-9a-f]{24}$/, { timeout: 15_000 });

    const panel = page.getByRole('region', { name: 'Collecte' });
    await panel.getByText('Aucun passage pour l’instant.').waitFor();
    await panel.getByRole('button', { name: 'Lancer maintenant' }).click();
    const lastRun = panel.getByTestId('last-run');
    await lastRun.waitFor({ timeout: 20_000 });
    // 12 weekly jam sessions (those to come) and the all-day record fair: created, or matched with what the demo collector imported.
    expect(await lastRun.innerText()).toMatch(/^1[0-3] trouvé\(s\), \d+ créé\(s\), \d+ mis à jour, \d+ inchangé\(s\)$/);

    expect(await eventuallyShows(await (await context()).newPage(), '/home/Poitiers', 'Jam session du mardi')).toBe(true);
  });
});
