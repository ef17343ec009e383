import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from './api';
import { consoleErrors, heading, useBrowser } from './fixtures';

describe('a badge earned on the open page', () => {
  const { context } = useBrowser();

  it('shows « Premier pas » in a toast and in the bell after a new visitor’s first like, without a reload', async () => {
    const page = await (await context()).newPage();
    const errors = consoleErrors(page);
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    await heading(page);

    // A fresh visitor signs up from the event's page: the account has no badge yet.
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await dialog.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await dialog.getByLabel('Nom affiché').fill('Paula Première');
    await dialog.getByLabel('Adresse e-mail').fill(`premier-pas-${randomBytes(4).toString('hex')}@exemple.fr`);
    await dialog.getByLabel('Mot de passe').fill('un mot de passe solide');
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Mon compte (Paula Première)' }).waitFor({ timeout: 15_000 });
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, aucune non lue');

    // The first like, then at once: the toast names the badge and the bell counts it (bounded waits, no timing asserted).
    const like = page.getByRole('button', { name: /^J’aime/, disabled: false });
    await like.click();
    await page.getByRole('button', { name: /^J’aime déjà/, pressed: true }).waitFor();
    const toast = page.getByRole('status', { name: 'Notification' });
    await toast.getByText(/Premier pas/).waitFor({ timeout: 5_000 });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5_000 }).toBe('Notifications, 1 non lue');
    await bell.click();
    await page.getByRole('region', { name: 'Dernières notifications' }).getByText('Nouveau badge : Premier pas').waitFor();
    expect(errors).toEqual([]);
  });
});
