import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Api } from './api';
import { signInThroughDialog, useBrowser } from './fixtures';
import { watchSockets } from './sockets';

const PASSWORD = 'un mot de passe solide';

/** A fresh account made through the API, as the sign-up dialog would. */
async function account(baseUrl: string, displayName: string): Promise<{ email: string; id: string }> {
  const email = `push-${randomBytes(4).toString('hex')}@exemple.fr`;
  await Api.anonymous(baseUrl).request('POST', '/api/identity/signUp', { email, password: PASSWORD, displayName });
  const signedIn = await Api.signIn(baseUrl, email, PASSWORD);
  return { email, id: (await signedIn.get<{ _id: string }>('/api/auth/me'))._id };
}

describe('a push after signing in or out, without a reload', () => {
  const { baseUrl, context } = useBrowser();

  it('reaches a visitor who just signed in, and stops reaching them once signed out', async () => {
    const camille = await account(baseUrl, 'Camille Poussée');
    const dominique = await account(baseUrl, 'Dominique Suivante');
    const staff = await Api.staff(baseUrl);
    const notify = (userId: string, title: string) => staff.request<{ _id: string }>('POST', '/api/notifications', { userId, title, body: 'Envoyée par l’équipe.' });

    const page = await (await context()).newPage();
    const sockets = watchSockets(page);
    await page.goto('/home/Poitiers');
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();

    // The dialog brings the app's services, which open the socket, anonymous, for the notifications.
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => sockets.handshakeSince(0), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');
    // Signing in makes a new handshake, which the server reads with the new session: no reload.
    let mark = sockets.opened();
    await signInThroughDialog(page, camille.email, { password: PASSWORD });
    await expect.poll(() => sockets.handshakeSince(mark), { timeout: 15_000 }).toBe(true);
    await notify(camille.id, 'Concert ce soir');
    const toast = page.getByRole('status', { name: 'Notification' });
    await toast.getByText('Concert ce soir').waitFor({ timeout: 10_000 });

    // Signed out, then signed in as someone else on the same page: only their pushes arrive.
    await page.getByRole('button', { name: 'Mon compte (Camille Poussée)' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
    mark = sockets.opened();
    await signInThroughDialog(page, dominique.email, { password: PASSWORD });
    await expect.poll(() => sockets.handshakeSince(mark), { timeout: 15_000 }).toBe(true);
    const forCamille = await notify(camille.id, 'Pour Camille seulement');
    await notify(dominique.id, 'Pour Dominique');
    await toast.getByText('Pour Dominique').waitFor({ timeout: 10_000 });
    // The server sends a socket its pushes in order: had Camille's reached this page, it would be here by now.
    expect(sockets.frames.filter((frame) => frame.includes(forCamille._id))).toEqual([]);
    expect(await page.getByText('Pour Camille seulement').count()).toBe(0);
  });
});
