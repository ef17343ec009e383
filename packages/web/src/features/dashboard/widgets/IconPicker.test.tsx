import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';
import { resourceFields } from '../schema-fields';

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());
const CONCERT = anId(7100);
const CIRQUE = anId(7101);
const categories = () =>
  staffApi().seed(
    'eventCategories',
    { _id: CONCERT, name: 'Concert', slug: 'concert', icon: 'mdiMusic', colour: '#ff5a5f' },
    // Written through the API with an icon outside the catalogue.
    { _id: CIRQUE, name: 'Cirque', slug: 'cirque', icon: 'mdiUnicorn', colour: '#7c5cff' },
  );

// The pages' chunks compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('../../../pages/dashboard/ResourceListPage'), import('../../../pages/dashboard/ResourceDetailPage')]);
}, 60_000);

describe('icons in the dashboard (issue 30)', () => {
  it('draws the icon in the lists, named in French, never its identifier', async () => {
    await renderApp({ path: '/dashboard/eventCategories', api: categories() });
    const concert = (await screen.findByRole('link', { name: 'Concert' })).closest('tr')!;
    expect(within(concert).getByRole('img', { name: 'Musique' }).querySelector('path')?.getAttribute('d')).toBeTruthy();
    const cirque = screen.getByRole('link', { name: 'Cirque' }).closest('tr')!;
    expect(within(cirque).getByRole('img', { name: 'Icône hors catalogue (mdiUnicorn)' })).toBeTruthy();
    expect(screen.getByRole('table').textContent).not.toMatch(/mdi[A-Z]/);
  });

  it('shows each badge’s icon in the badges’ list', async () => {
    const api = staffApi().seed('badges', { name: 'Premier pas', description: '', icon: 'mdiShoePrint', rule: { kind: 'firstLike' } });
    await renderApp({ path: '/dashboard/badges', api });
    const row = (await screen.findByRole('link', { name: 'Premier pas' })).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Empreinte de pas' })).toBeTruthy();
    expect(row.textContent).not.toContain('mdiShoePrint');
  });

  it('chooses an icon by its French name with the keyboard, accents aside, and saves its identifier', async () => {
    const api = categories();
    const { user } = await renderApp({ path: `/dashboard/eventCategories/${CONCERT}`, api });
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Icône' });
    expect(input.value).toBe('Musique');
    await user.click(input);
    await user.clear(input);
    await user.type(input, 'fete');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Fête']);
    // Each option shows its drawing beside its name.
    expect(options[0]!.querySelector('svg path')).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(input.value).toBe('Fête'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.lastCallTo('update')?.[2]).toMatchObject({ icon: 'mdiPartyPopper' }));
  });

  it('says when nothing is called so, and Escape leaves the icon as it was', async () => {
    const { user } = await renderApp({ path: `/dashboard/eventCategories/${CONCERT}`, api: categories() });
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Icône' });
    await user.click(input);
    await user.clear(input);
    await user.type(input, 'licorne');
    expect(await screen.findByText('Aucune icône ne porte ce nom.')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.tab();
    expect(input.value).toBe('Musique');
  });

  it('names an identifier outside the catalogue and offers to replace it', async () => {
    await renderApp({ path: `/dashboard/eventCategories/${CIRQUE}`, api: categories() });
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Icône' });
    expect(input.value).toBe('Icône hors catalogue (mdiUnicorn)');
    expect(screen.getByText('Cette icône (mdiUnicorn) n’est pas dans la liste : choisissez-en une pour la remplacer.')).toBeTruthy();
  });

  it('gives every icon field of the dashboard the picker', () => {
    for (const resource of ['eventCategories', 'placeTypes', 'badges'] as const) {
      expect(resourceFields(resource).find((field) => field.key === 'icon')?.widget, resource).toEqual({ kind: 'icon' });
    }
  });
});
