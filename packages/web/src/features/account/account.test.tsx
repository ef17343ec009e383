import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, AuthError, OPERATIONS, type CurrentUser } from '@sortie/core/domain';
import { FakeProductApi, aUser } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

const INVALID_LINK = 'Ce lien n’est plus valable : il a déjà servi ou il a expiré. Demandez-en un nouveau.';
const withVerified = (emailVerified: boolean, overrides: Partial<CurrentUser> = {}) => ({ ...aUser({ displayName: 'Camille Martin', email: 'camille@example.fr', ...overrides }), emailVerified }) as CurrentUser;
const SESSIONS = [
  { id: 's-ici', device: 'Firefox sur macOS', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-25T18:00:00.000Z', current: true },
  { id: 's-tel', device: 'Chrome sur Android', createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: '2026-11-24T08:30:00.000Z', current: false },
];

/** A signed-in account whose sessions the fake server lists and ends. */
function accountApi(user: CurrentUser) {
  let sessions = [...SESSIONS];
  return new FakeProductApi()
    .signedInAs(user)
    .serve(OPERATIONS.notificationPreferences, () => ({}))
    .serve(OPERATIONS.mySessions, () => ({ items: sessions }))
    .serve(OPERATIONS.myPushSubscriptions, () => ({ items: [] }))
    .serve(OPERATIONS.endSession, ({ path }) => {
      sessions = sessions.filter((session) => session.id !== path.id);
      return { ended: 1 };
    })
    .serve(OPERATIONS.endAllSessions, () => ({ ended: sessions.length }));
}

// The pages are lazy chunks: loaded once here, so that no test waits on the first transform of a page.
beforeAll(async () => {
  await Promise.all([import('../../pages/AccountPage'), import('./AccountPasswordPage'), import('./PasswordResetPage'), import('./EmailVerificationPage')]);
}, 60_000);

describe('/account: e-mail verification and sessions', () => {
  it('reminds an unverified account to open the mailed link, and sends another', async () => {
    const api = accountApi(withVerified(false)).serve(OPERATIONS.resendEmailVerification, () => ({ message: 'Un nouveau lien vient de partir à camille@example.fr. Il est valable 24 heures.' }));
    const { user } = await renderApp({ path: '/account', api });
    const notice = await screen.findByRole('region', { name: 'Votre adresse e-mail n’est pas encore vérifiée' });
    expect(within(notice).getByText('camille@example.fr')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await within(notice).findByRole('status')).toHaveProperty('textContent', 'Un nouveau lien vient de partir à camille@example.fr. Il est valable 24 heures.');
    expect(api.callsOf(OPERATIONS.resendEmailVerification)).toHaveLength(1);
  });

  it('says when too many links were sent', async () => {
    const api = accountApi(withVerified(false)).serve(OPERATIONS.resendEmailVerification, () => {
      throw new ApiError('Plusieurs liens vous ont déjà été envoyés dans l’heure.', { statusCode: 429, code: 'TOO_MANY_MAILS' });
    });
    const { user } = await renderApp({ path: '/account', api });
    await user.click(await screen.findByRole('button', { name: 'Renvoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Plusieurs liens vous ont déjà été envoyés dans l’heure.');
  });

  it('shows a verified address without a reminder', async () => {
    await renderApp({ path: '/account', api: accountApi(withVerified(true)) });
    expect(await screen.findByText('Adresse e-mail vérifiée')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renvoyer le lien' })).toBeNull();
  });

  it('lists the sessions, ends another one, and signs out everywhere', async () => {
    const api = accountApi(withVerified(true));
    const { user } = await renderApp({ path: '/account', api });
    const list = await screen.findByRole('list', { name: 'Sessions ouvertes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // Each device by its browser and system, its first and last use; this one says so.
    const [here, phone] = within(list).getAllByRole('listitem');
    expect(here!.textContent).toContain('Firefox sur macOS');
    expect(here!.textContent).toContain('Cet appareil');
    expect(here!.textContent).toContain('Première connexion le vendredi 20 novembre à 10:00 · dernière activité le mercredi 25 novembre à 19:00');
    expect(phone!.textContent).not.toContain('Cet appareil');
    expect(within(here!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Changer mon mot de passe' }).getAttribute('href')).toBe('/account/password');

    await user.click(within(list).getByRole('button', { name: 'Déconnecter Chrome sur Android (connecté depuis le dimanche 1 novembre à 10:00)' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions ouvertes' })).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsOf(OPERATIONS.endSession)).toEqual([{ path: { id: 's-tel' } }]);
  });

  it('asks before signing out everywhere, with the keyboard: Échap keeps every session, the confirmation ends them', async () => {
    const api = accountApi(withVerified(true));
    const { user } = await renderApp({ path: '/account', api });
    await screen.findByRole('list', { name: 'Sessions ouvertes' });

    await user.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
    let dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout ?' });
    expect(dialog.textContent).toContain('celle de cet appareil comprise');
    // The focus stays inside the dialog, the harmless choice first; Escape closes without a call.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf(OPERATIONS.endAllSessions)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
    dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf(OPERATIONS.endAllSessions)).toHaveLength(0);

    api.signedInAs(null);
    await user.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
    dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout ?' });
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Me déconnecter partout' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    await waitFor(() => expect(api.callsOf(OPERATIONS.endAllSessions)).toHaveLength(1));
  });
});

describe('/account/password', () => {
  it('changes the password, checking the two new ones match first', async () => {
    const api = new FakeProductApi().signedInAs(withVerified(true)).serve(OPERATIONS.changePassword, () => ({ message: 'Mot de passe changé. Votre autre session est fermée.' }));
    const { user } = await renderApp({ path: '/account/password', api });
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'ancien-mot-de-passe');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'autre-chose-encore');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Les deux mots de passe ne sont pas identiques.');
    expect(api.callsOf(OPERATIONS.changePassword)).toEqual([]);

    await user.clear(screen.getByLabelText('Confirmez le nouveau mot de passe'));
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect((await screen.findByRole('status')).textContent).toBe('Mot de passe changé. Votre autre session est fermée.');
    expect(api.callsOf(OPERATIONS.changePassword)).toEqual([{ body: { currentPassword: 'ancien-mot-de-passe', newPassword: 'nouveau-mot-de-passe' } }]);
  });

  it('shows the server’s refusal of a wrong current password', async () => {
    const api = new FakeProductApi().signedInAs(withVerified(true)).serve(OPERATIONS.changePassword, () => {
      throw new AuthError('Le mot de passe actuel est incorrect.', { statusCode: 403, code: 'FORBIDDEN' });
    });
    const { user } = await renderApp({ path: '/account/password', api });
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'pas-le-bon-du-tout');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le mot de passe actuel est incorrect.');
  });

  it('invites a visitor to sign in first', async () => {
    await renderApp({ path: '/account/password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Changer mon mot de passe' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Changer mon mot de passe' }).textContent).toContain('Connectez-vous pour changer votre mot de passe.');
  });
});

describe('/account/reset', () => {
  it('is reached from the sign-in dialog and mails a link, with the same answer for any address', async () => {
    const answer = { message: 'Si un compte existe avec cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Le lien est valable une heure.' };
    const api = new FakeProductApi().serve(OPERATIONS.requestPasswordReset, () => answer);
    const { user } = await renderApp({ path: '/account', api });
    await user.click((await screen.findAllByRole('button', { name: 'Se connecter' }))[0]!);
    await user.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'camille@example.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect((await screen.findByRole('status')).textContent).toBe(answer.message);
    expect(api.callsOf(OPERATIONS.requestPasswordReset)).toEqual([{ body: { email: 'camille@example.fr' } }]);
  });

  it('sets the new password from the mailed link, then offers to sign in', async () => {
    const api = new FakeProductApi().serve(OPERATIONS.confirmPasswordReset, () => ({ message: 'Votre mot de passe est changé, et toutes vos sessions sont fermées. Connectez-vous avec le nouveau.' }));
    const { user } = await renderApp({ path: '/account/reset?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' })).toBeTruthy();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await screen.findByRole('status')).textContent).toContain('toutes vos sessions sont fermées');
    expect(api.callsOf(OPERATIONS.confirmPasswordReset)).toEqual([{ body: { token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', password: 'nouveau-mot-de-passe' } }]);
    const notice = screen.getByRole('status').parentElement!;
    await user.click(within(notice).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('dialog', { name: 'Se connecter' })).toBeTruthy();
  });

  it('says a used or expired link is no longer valid, and leads to a new one', async () => {
    const api = new FakeProductApi().serve(OPERATIONS.confirmPasswordReset, () => {
      throw new ApiError(INVALID_LINK, { statusCode: 400, code: 'INVALID_LINK' });
    });
    const { user } = await renderApp({ path: '/account/reset?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', api });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe('/account/reset');
  });
});

describe('/account/verify', () => {
  it('confirms the address as the mailed link opens', async () => {
    const api = new FakeProductApi().serve(OPERATIONS.verifyEmail, () => ({ emailVerified: true as const, message: 'Merci : votre adresse e-mail est vérifiée.' }));
    await renderApp({ path: '/account/verify?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', api });
    expect(await screen.findByText('Merci : votre adresse e-mail est vérifiée.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.verifyEmail)).toEqual([{ body: { token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' } }]);
  });

  it('says when the link is no longer valid', async () => {
    const api = new FakeProductApi().serve(OPERATIONS.verifyEmail, () => {
      throw new ApiError(INVALID_LINK, { statusCode: 400, code: 'INVALID_LINK' });
    });
    await renderApp({ path: '/account/verify?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', api });
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_LINK);
  });
});
