import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, aTournament, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

describe('« Intégrer sur votre site » on the dashboard', () => {
  it('gives staff the one line to paste on their site (by the place’s slug) and an iframe, each with a copy button', async () => {
    const id = anId();
    const place = { _id: id, name: 'Confort Moderne', slug: 'confort-moderne', description: '', address: { street: '185 rue du Faubourg du Pont-Neuf', postalCode: '86000', city: 'Poitiers' }, socials: {}, images: [], openingHours: {}, closures: [] };
    const api = new FakeProductApi().signedInAs(aStaffUser()).seed('places', place);
    const { user } = await renderApp({ path: `/dashboard/places/${id}`, api });
    const panel = await screen.findByRole('region', { name: 'Intégrer sur votre site' });
    const origin = window.location.origin;
    const script = `<script src="${origin}/embed.js" data-place="confort-moderne" async></script>`;
    expect((within(panel).getByLabelText('Code à coller') as HTMLTextAreaElement).value).toBe(script);
    expect((within(panel).getByLabelText('Ou, si votre site refuse les scripts, une iframe') as HTMLTextAreaElement).value).toContain(`src="${origin}/embed/places/confort-moderne"`);
    await user.click(within(panel).getByRole('button', { name: 'Copier le code' }));
    expect(await within(panel).findByText('Copié !')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(script);
  });

  it('gives a tournament its live bracket’s line', async () => {
    const tournament = aTournament();
    const api = new FakeProductApi().signedInAs(aStaffUser()).seed('tournaments', tournament);
    await renderApp({ path: `/dashboard/tournaments/${tournament._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Intégrer sur votre site' });
    expect((within(panel).getByLabelText('Code à coller') as HTMLTextAreaElement).value).toBe(`<script src="${window.location.origin}/embed.js" data-tournament="${tournament._id}" async></script>`);
  });
});
