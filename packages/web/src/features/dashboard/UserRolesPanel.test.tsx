import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, aUser, anId } from '@sortie/core/testing';
import { ApiError, OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

describe('an account’s roles in the dashboard', () => {
  it('lets an admin grant a role, sent as the whole set of roles', async () => {
    const admin = aUser({ roles: ['admin'], displayName: 'Alice Admin' });
    const member = aUser({ displayName: 'Valentine Visiteuse', email: 'valentine@example.fr' });
    const api = new FakeProductApi().signedInAs(admin).seed('users', member);
    api.serve(OPERATIONS.setUserRoles, async ({ body }) => ({ ...member, roles: body.roles }));
    const { user } = await renderApp({ path: `/dashboard/users/${member._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Rôles du compte' });
    await user.click(within(panel).getByRole('checkbox', { name: /Équipe/ }));
    await user.click(within(panel).getByRole('button', { name: 'Enregistrer les rôles' }));
    expect(await within(panel).findByText('Rôles enregistrés.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.setUserRoles)).toEqual([{ path: { id: member._id }, body: { roles: ['staff'] } }]);
  });

  it('asks before an admin withdraws their own role, and shows the server’s refusal for the last admin', async () => {
    const admin = aUser({ _id: anId(), roles: ['admin'], displayName: 'Alice Admin' });
    const api = new FakeProductApi().signedInAs(admin).seed('users', admin);
    api.serve(OPERATIONS.setUserRoles, async () => {
      throw new ApiError('Impossible de retirer ce rôle : c’est le dernier compte administrateur. Nommez d’abord un autre administrateur.', { statusCode: 409, code: 'LAST_ADMIN' });
    });
    const { user } = await renderApp({ path: `/dashboard/users/${admin._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Rôles du compte' });
    await user.click(within(panel).getByRole('checkbox', { name: /Administrateur/ }));
    await user.click(within(panel).getByRole('button', { name: 'Enregistrer les rôles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer votre rôle d’administrateur ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer mon rôle' }));
    expect(await within(panel).findByText(/dernier compte administrateur/)).toBeTruthy();
    // The boxes show the roles the account still has.
    expect((within(panel).getByRole('checkbox', { name: /Administrateur/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows staff the roles without letting them change them', async () => {
    const member = aUser({ roles: ['staff'] });
    const api = new FakeProductApi().signedInAs(aStaffUser()).seed('users', member);
    await renderApp({ path: `/dashboard/users/${member._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Rôles du compte' });
    expect((within(panel).getByRole('checkbox', { name: /Équipe/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(panel).getByRole('checkbox', { name: /Équipe/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(panel).getByText('Seuls les administrateurs changent les rôles.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Enregistrer les rôles' })).toBeNull();
  });
});
