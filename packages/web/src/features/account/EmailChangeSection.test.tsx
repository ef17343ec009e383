import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aUser } from '@sortie/core/testing';
import { ApiError, OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

beforeAll(async () => {
  await import('../../pages/AccountPage');
}, 60_000);

describe('/account’s change of e-mail address', () => {
  it('sends the new address and the password, and says where the link went', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ email: 'jo@exemple.fr' }));
    api.serve(OPERATIONS.changeEmail, async ({ body }) => ({ message: `Un lien de confirmation vient de partir à ${body.email}. Votre adresse reste jo@exemple.fr tant qu’il n’est pas ouvert.` }));
    const { user } = await renderApp({ path: '/account', api });
    await user.click(await screen.findByRole('button', { name: 'Changer d’adresse e-mail' }));
    await user.type(screen.getByLabelText('Nouvelle adresse'), 'jo.nouvelle@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    expect(await screen.findByText(/vient de partir à jo\.nouvelle@exemple\.fr/)).toBeTruthy();
    expect(api.callsOf(OPERATIONS.changeEmail)).toEqual([{ body: { email: 'jo.nouvelle@exemple.fr', password: 'mot-de-passe-1' } }]);
  });

  it('says in French what is wrong: a malformed address before asking, the server’s refusal after', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ email: 'jo@exemple.fr' }));
    api.serve(OPERATIONS.changeEmail, async () => {
      throw new ApiError('Cette adresse est déjà celle d’un autre compte.', { statusCode: 409, code: 'EMAIL_TAKEN' });
    });
    const { user } = await renderApp({ path: '/account', api });
    await user.click(await screen.findByRole('button', { name: 'Changer d’adresse e-mail' }));
    await user.type(screen.getByLabelText('Nouvelle adresse'), 'pas-une-adresse');
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    const form = screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }).closest('section')!;
    expect((await within(form).findByRole('alert')).textContent).toMatch(/adresse/i);
    expect(api.callsOf(OPERATIONS.changeEmail)).toEqual([]);
    await user.clear(screen.getByLabelText('Nouvelle adresse'));
    await user.type(screen.getByLabelText('Nouvelle adresse'), 'staff@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    expect(await screen.findByText('Cette adresse est déjà celle d’un autre compte.')).toBeTruthy();
  });
});
