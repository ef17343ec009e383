import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Api } from './api';
import { heading, useBrowser } from './fixtures';
import { watchSockets } from './sockets';

/** A new address for each run: the app's data folder is fresh, but SORTIE_E2E_URL may point at a used one. */
const newEmail = () => `e2e-${randomBytes(4).toString('hex')}@exemple.fr`;
const PASSWORD = 'un mot de passe solide';

async function openSignInDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Se connecter' }).waitFor();
  return dialog;
}

async function accountMenu(page: Page, displayName: string) {
  const button = page.getByRole('button', { name: `Mon compte (${displayName})` });
  await button.waitFor({ timeout: 15_000 });
  return button;
}

describe('a visitor with an account', () => {
  const { baseUrl, context } = useBrowser();

  it('creates an account with an e-mail, signs out, then signs in again', async () => {
    const email = newEmail();
    const page = await (await context()).newPage();
    await page.goto('/home/Poitiers');
    expect(await heading(page)).toBe('Que faire à Poitiers ?');

    // Sign-up through the dialog.
    let dialog = await openSignInDialog(page);
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await dialog.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await dialog.getByLabel('Nom affiché').fill('Camille Essai');
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await accountMenu(page, 'Camille Essai');
    // The session is the server's: a reload keeps the visitor signed in.
    await page.reload();
    await accountMenu(page, 'Camille Essai');

    // Sign-out from the account menu.
    await (await accountMenu(page, 'Camille Essai')).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();

    // Sign-in with the same e-mail and password.
    dialog = await openSignInDialog(page);
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await (await accountMenu(page, 'Camille Essai')).click();
    await page.getByRole('menu').getByText(email).waitFor();
  });

  it('is told in French when the password is wrong, and stays signed out', async () => {
    const page = await (await context()).newPage();
    await page.goto('/home/Poitiers');
    const dialog = await openSignInDialog(page);
    await dialog.getByLabel('Adresse e-mail').fill('visiteur@demo.sortie.fr');
    await dialog.getByLabel('Mot de passe').fill('pas le bon mot de passe');
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Adresse e-mail ou mot de passe incorrect.');
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
  });

  it('sees a notification created on the server as a toast, gone after 5 s', async () => {
    const email = newEmail();
    const page = await (await context()).newPage();
    const sockets = watchSockets(page);
    await page.goto('/home/Poitiers');
    const dialog = await openSignInDialog(page);
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await dialog.getByLabel('Nom affiché').fill('Noé Notifié');
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    // Signed in, the app's socket makes a new handshake with the session cookie (no reload): the
    // server has put it in the user's room before it answers socket.io's CONNECT (`40…`). A socket
    // opened before would stay anonymous (issue 21).
    const mark = sockets.opened();
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await accountMenu(page, 'Noé Notifié');
    await expect.poll(() => sockets.handshakeSince(mark), { timeout: 15_000 }).toBe(true);
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as { _id: string });
    const toast = page.getByRole('status', { name: 'Notification' });
    expect(await toast.count()).toBe(0);

    const staff = await Api.staff(baseUrl);
    await staff.request('POST', '/api/notifications', { userId: me._id, title: 'Concert ce soir', body: 'Le Confort Moderne ouvre ses portes à 20 h.' });
    await toast.waitFor({ state: 'visible', timeout: 10_000 });
    await toast.getByText('Concert ce soir').waitFor();
    await toast.getByText('Le Confort Moderne ouvre ses portes à 20 h.').waitFor();
    // Closes by itself (the 5000 ms rule is unit-tested with a fake clock in core).
    await toast.waitFor({ state: 'hidden', timeout: 15_000 });
  });
});
