import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '@sortie/core';
import { aUser } from '@sortie/core/testing';
import { renderApp, type RenderAppOptions } from '../test/render-app';

// The page's chunk compiled once, before the tests' own time limits start: on a loaded machine its first
// import alone can outlast a findBy's wait.
beforeAll(async () => {
  await import('../pages/PlacesPage');
}, 60_000);

async function openDialog(options: RenderAppOptions = {}) {
  const app = await renderApp({ path: '/places', ...options });
  await app.user.click(await screen.findByRole('button', { name: 'Se connecter' }));
  const dialog = await screen.findByRole('dialog', { name: 'Se connecter' });
  return { ...app, dialog: within(dialog) };
}

describe('sign-in dialog', () => {
  it('offers Google, Apple and e-mail with password', async () => {
    const { dialog } = await openDialog();
    expect((dialog.getByRole('button', { name: 'Continuer avec Google' }) as HTMLButtonElement).disabled).toBe(false);
    expect((dialog.getByRole('button', { name: 'Continuer avec Apple' }) as HTMLButtonElement).disabled).toBe(false);
    expect(dialog.getByLabelText('Adresse e-mail')).toBeTruthy();
    expect(dialog.getByLabelText('Mot de passe')).toBeTruthy();
  });

  it('shows a provider the runtime config does not enable as disabled, and says why in French', async () => {
    const { dialog } = await openDialog({ config: { signInMethods: { google: false, apple: false, password: true } } });
    for (const name of ['Google', 'Apple']) {
      const button = dialog.getByRole('button', { name: `Continuer avec ${name}` }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      const reason = document.getElementById(button.getAttribute('aria-describedby')!);
      expect(reason?.textContent).toBe(`La connexion avec ${name} n’est pas activée sur ce serveur. Choisissez une autre méthode.`);
    }
  });

  it('disables the e-mail form when password sign-in is off, saying why', async () => {
    const { dialog } = await openDialog({ config: { signInMethods: { google: true, apple: true, password: false } } });
    expect((dialog.getByLabelText('Adresse e-mail') as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByText('La connexion avec e-mail et mot de passe n’est pas activée sur ce serveur. Choisissez une autre méthode.')).toBeTruthy();
  });

  it('signs in with e-mail and password through SignIn, then shows the account', async () => {
    const { dialog, user, fakes } = await openDialog();
    fakes.api.userAfterLogin = aUser({ displayName: 'Camille Martin', email: 'camille@example.fr' });
    await user.type(dialog.getByLabelText('Adresse e-mail'), 'camille@example.fr');
    await user.type(dialog.getByLabelText('Mot de passe'), 'motdepasse-solide');
    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.auth.callsTo('signInWithPassword')).toEqual([[{ email: 'camille@example.fr', password: 'motdepasse-solide' }]]);
    expect(fakes.api.lastCallTo('loginWeb')).toEqual([{ idToken: 'provider-id-token', messagingToken: null }]);
    expect(await screen.findByRole('button', { name: 'Mon compte (Camille Martin)' })).toBeTruthy();
  });

  it('says so in French when the credentials are refused, and stays open', async () => {
    const { dialog, user, fakes } = await openDialog();
    fakes.auth.failOnce('signInWithPassword', new AuthError('INVALID_PASSWORD'));
    await user.type(dialog.getByLabelText('Adresse e-mail'), 'camille@example.fr');
    await user.type(dialog.getByLabelText('Mot de passe'), 'mauvais-mdp');
    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('creates an account with e-mail and password, sending the idToken only', async () => {
    const { dialog, user, fakes } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Créer un compte' }));
    const signUp = within(await screen.findByRole('dialog', { name: 'Créer un compte' }));
    await user.type(signUp.getByLabelText(/Nom affiché/), 'Léa');
    await user.type(signUp.getByLabelText('Adresse e-mail'), 'lea@example.fr');
    await user.type(signUp.getByLabelText('Mot de passe'), 'un-long-secret');
    await user.click(signUp.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.auth.callsTo('createAccount')).toEqual([[{ email: 'lea@example.fr', password: 'un-long-secret', displayName: 'Léa' }]]);
    expect(fakes.api.lastCallTo('loginWeb')).toEqual([{ idToken: 'provider-id-token' }]);
  });

  it('signs in with Google', async () => {
    const { dialog, user, fakes } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Continuer avec Google' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.auth.sequence).toEqual(['setPersistence', 'signInWithGoogle']);
    expect(fakes.api.lastCallTo('loginWeb')).toEqual([{ idToken: 'provider-id-token', messagingToken: 'push-token' }]);
  });

  it('signs in with Google when push cannot be set up, logging only that failure', async () => {
    const { dialog, user, fakes } = await openDialog();
    const blocked = new Error('messaging/permission-blocked');
    fakes.push.fail('getToken', blocked);
    await user.click(dialog.getByRole('button', { name: 'Continuer avec Google' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.api.lastCallTo('loginWeb')).toEqual([{ idToken: 'provider-id-token', messagingToken: null }]);
    expect(fakes.logger.entries.error).toEqual([{ level: 'error', message: 'Push token could not be obtained', context: [blocked] }]);
  });

  it('shows the identity provider’s own French message for a known failure', async () => {
    const { dialog, user, fakes } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Créer un compte' }));
    const signUp = within(await screen.findByRole('dialog', { name: 'Créer un compte' }));
    fakes.auth.failOnce('createAccount', new AuthError('Un compte existe déjà avec cette adresse e-mail.', { code: 'EMAIL_ALREADY_IN_USE' }));
    await user.type(signUp.getByLabelText('Adresse e-mail'), 'camille@example.fr');
    await user.type(signUp.getByLabelText('Mot de passe'), 'un-long-secret');
    await user.click(signUp.getByRole('button', { name: 'Créer mon compte' }));
    expect((await signUp.findByRole('alert')).textContent).toBe('Un compte existe déjà avec cette adresse e-mail.');
  });

  it('says why the server refuses to link an address the provider does not vouch for, and the way out', async () => {
    const { dialog, user, fakes } = await openDialog();
    const refusal = 'Un compte existe déjà avec cette adresse. Connectez-vous avec votre méthode habituelle, ou vérifiez votre adresse e-mail auprès de votre fournisseur.';
    fakes.api.failOnce('loginWeb', new AuthError(refusal, { statusCode: 403, code: 'EMAIL_NOT_VERIFIED' }));
    await user.click(dialog.getByRole('button', { name: 'Continuer avec Google' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(refusal);
  });

  it('leads to the password reset page from « Mot de passe oublié ? »', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/account/reset');
  });

  it('explains what the core’s validation refused, before any call', async () => {
    const { dialog, user, fakes } = await openDialog();
    await user.type(dialog.getByLabelText('Adresse e-mail'), 'camille@example.fr');
    await user.type(dialog.getByLabelText('Mot de passe'), 'court');
    // The browser's own check would stop a too short password: submit the form as a script would.
    dialog.getByLabelText('Mot de passe').removeAttribute('minlength');
    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Le mot de passe doit faire au moins 8 caractères.');
    expect(fakes.auth.callsTo('signInWithPassword')).toEqual([]);
  });

  it('closes with its close button', async () => {
    const { dialog, user } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
