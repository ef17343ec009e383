import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleErrors, heading, useBrowser } from './fixtures';

/** A new address for each run: SORTIE_E2E_URL may point at a server already used. */
const newEmail = () => `e2e-ville-${randomBytes(4).toString('hex')}@exemple.fr`;
const PASSWORD = 'un mot de passe solide';

async function signInDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Se connecter' }).waitFor();
  return dialog;
}

describe('the profile city on another device (issue 30)', () => {
  const { context } = useBrowser();

  it('opens the agenda on the profile city in a second, fresh browser once signed in', async () => {
    const email = newEmail();

    // First device: an account is created, its profile city set to Tours.
    const first = await (await context()).newPage();
    const firstErrors = consoleErrors(first);
    await first.goto('/');
    let dialog = await signInDialog(first);
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await dialog.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await dialog.getByLabel('Nom affiché').fill('Camille Tourangelle');
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await first.getByRole('button', { name: 'Mon compte (Camille Tourangelle)' }).waitFor({ timeout: 15_000 });
    await first.goto('/account');
    await first.getByLabel('Ma ville').selectOption('Tours');
    await first.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await first.getByRole('status').filter({ hasText: 'Profil enregistré.' }).waitFor();
    expect(firstErrors).toEqual([]);

    // Second device: nothing in its storage, so the default city until the visitor signs in.
    const second = await (await context()).newPage();
    const secondErrors = consoleErrors(second);
    await second.goto('/');
    await second.getByRole('button', { name: 'Ville : Poitiers' }).waitFor();
    dialog = await signInDialog(second);
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await second.getByRole('button', { name: 'Mon compte (Camille Tourangelle)' }).waitFor({ timeout: 15_000 });
    // The header's city and the landing's choice follow the profile; the agenda opens on Tours.
    await second.getByRole('button', { name: 'Ville : Tours' }).waitFor();
    expect(await second.getByLabel('Votre ville').inputValue()).toBe('Tours');
    await second.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Agenda' }).click();
    expect(await heading(second)).toBe('Que faire à Tours ?');
    expect(new URL(second.url()).pathname).toBe('/home/Tours');

    // A later visit on the second device (a server-drawn page opened with the session) still
    // shows Tours, and hydrates without an error.
    await second.goto('/');
    await second.getByRole('button', { name: 'Ville : Tours' }).waitFor();
    expect(secondErrors).toEqual([]);
  });
});
