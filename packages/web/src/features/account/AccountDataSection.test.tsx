import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthError, OPERATIONS, type CurrentUser } from '@sortie/core/domain';
import { FakeProductApi, aUser } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

/** A signed-in account; DELETE /api/me answers what `remove` says. */
function accountApi(remove: (body: { password?: string }) => void = () => undefined) {
  const user = { ...aUser({ displayName: 'Camille Martin', email: 'camille@example.fr' }), emailVerified: true } as CurrentUser;
  return new FakeProductApi()
    .signedInAs(user)
    .serve(OPERATIONS.notificationPreferences, () => ({}))
    .serve(OPERATIONS.mySessions, () => ({ items: [] }))
    .serve(OPERATIONS.deleteMyAccount, ({ body }) => {
      remove(body);
      return undefined;
    });
}

describe('/account: « Mes données »', () => {
  it('downloads every stored record as one JSON file, by a plain link', async () => {
    await renderApp({ path: '/account', api: accountApi() });
    // The first test waits for the lazy page to compile, on a loaded machine.
    const download = await screen.findByRole('link', { name: 'Télécharger mes données' }, { timeout: 15_000 });
    const section = within(screen.getByRole('region', { name: 'Mes données' }));
    expect(download.getAttribute('href')).toBe('/api/me/export');
    expect(download.getAttribute('download')).toBe('sortie-mes-donnees.json');
    expect(section.getByRole('link', { name: 'Ce que nous conservons et pourquoi' }).getAttribute('href')).toBe('/legal/privacy#vos-donnees');
  });

  it('deletes the account after the password, says what stays anonymous, then goes home signed out', async () => {
    const api = accountApi(({ password }) => {
      if (password !== 'mon-mot-de-passe') throw new AuthError('Mot de passe incorrect : votre compte n’a pas été supprimé.', { code: 'WRONG_PASSWORD', statusCode: 403 });
    });
    const { user, memory } = await renderApp({ path: '/account', api });
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer mon compte' });
    expect(dialog.textContent).toContain('La suppression est définitive');
    expect(dialog.textContent).toContain('preuve publique du tirage reste vérifiable');
    expect(dialog.textContent).toContain('« compte supprimé »');
    // The password field has the focus: the whole dialog works from the keyboard.
    const password = within(dialog).getByLabelText('Mot de passe');
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.keyboard('pas-le-bon{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Mot de passe incorrect : votre compte n’a pas été supprimé.');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'mon-mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/'));
    expect(api.callsOf(OPERATIONS.deleteMyAccount)).toEqual([{ body: { password: 'pas-le-bon' } }, { body: { password: 'mon-mot-de-passe' } }]);
    await waitFor(() => expect(api.callsTo('logout')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape, deleting nothing', async () => {
    const api = accountApi();
    const { user } = await renderApp({ path: '/account', api });
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    expect(await screen.findByRole('dialog', { name: 'Supprimer mon compte' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf(OPERATIONS.deleteMyAccount)).toEqual([]);
  });

  it('asks a Google or Apple account for a fresh sign-in instead of a password, and shows the server’s refusal', async () => {
    const api = accountApi(() => {
      throw new AuthError('Pour confirmer la suppression, reconnectez-vous puis recommencez dans les 5 minutes.', { code: 'SIGN_IN_AGAIN', statusCode: 403 });
    });
    const { user } = await renderApp({ path: '/account', api, config: { identityProvider: 'firebase' } });
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer mon compte' });
    expect(within(dialog).queryByLabelText('Mot de passe')).toBeNull();
    expect(dialog.textContent).toContain('reconnectez-vous, puis supprimez votre compte dans les 5 minutes qui suivent');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('reconnectez-vous');
    expect(api.callsOf(OPERATIONS.deleteMyAccount)).toEqual([{ body: {} }]);
    expect(api.callsTo('logout')).toEqual([]);
  });
});
