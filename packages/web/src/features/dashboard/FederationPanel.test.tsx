import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { ApiError, OPERATIONS, type FederationOverview } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

const PLACE = { _id: anId(50), name: 'Confort Moderne', slug: 'confort-moderne', address: { street: '', postalCode: '86000', city: 'Poitiers' }, typeId: anId(51), images: [], socials: {}, openingHours: {} };
const EMPTY: FederationOverview = { enabled: true, handle: '@confort-moderne@sortie.example', actorUrl: `https://sortie.example/ap/actors/${PLACE._id}`, followers: [], interactions: [], following: [], received: [] };

function staffApi(overview: FederationOverview) {
  const api = new FakeProductApi().signedInAs(aStaffUser()).seed('places', PLACE);
  api.serve(OPERATIONS.announcementRecipients, async () => ({ recipients: 0 }));
  api.serve(OPERATIONS.announcements, async () => ({ items: [] }));
  api.serve(OPERATIONS.federationOverview, async () => overview);
  return api;
}

describe('the « Fédération » panel of a place’s dashboard page', () => {
  it('says so when nobody follows and nothing came, in French', async () => {
    await renderApp({ path: `/dashboard/places/${PLACE._id}`, api: staffApi(EMPTY) });
    const panel = await screen.findByRole('region', { name: 'Fédération' });
    expect(await within(panel).findByText('@confort-moderne@sortie.example')).toBeTruthy();
    expect(within(panel).getByText('Aucun abonné sur le fédivers pour l’instant.')).toBeTruthy();
    expect(within(panel).getByText('Aucun « j’aime », partage ni participation venus d’ailleurs.')).toBeTruthy();
    expect(within(panel).getByText('Aucun compte suivi.')).toBeTruthy();
  });

  it('lists remote followers and the likes, shares and participations of events', async () => {
    const api = staffApi({
      ...EMPTY,
      followers: [{ actor: 'https://mastodon.example/users/ana', handle: '@ana@mastodon.example', name: 'Ana', since: '2026-11-20T18:00:00.000Z' }],
      interactions: [
        { kind: 'join', actor: 'https://mobilizon.example/@bob', handle: '@bob@mobilizon.example', eventId: anId(52), eventTitle: 'Quiz du mardi', at: '2026-11-21T18:00:00.000Z' },
        { kind: 'announce', actor: 'https://mastodon.example/users/ana', handle: '@ana@mastodon.example', eventId: anId(52), eventTitle: 'Quiz du mardi', at: '2026-11-21T17:00:00.000Z' },
      ],
    });
    await renderApp({ path: `/dashboard/places/${PLACE._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Fédération' });
    expect(await within(panel).findByRole('link', { name: '@ana@mastodon.example' })).toBeTruthy();
    expect(within(panel).getByText(/participe à « Quiz du mardi »/)).toBeTruthy();
    expect(within(panel).getByText(/a partagé « Quiz du mardi »/)).toBeTruthy();
  });

  it('switches federation off, and says why a remote account cannot be followed', async () => {
    const api = staffApi(EMPTY);
    api.serve(OPERATIONS.setFederation, async ({ body }) => ({ ...EMPTY, enabled: body.enabled }));
    api.serve(OPERATIONS.followRemoteActor, async () => {
      throw new ApiError('Compte distant @x@10.0.0.1 : Adresse refusée : 10.0.0.1 mène à une adresse privée ou locale.', { statusCode: 400, code: 'REMOTE_REFUSED' });
    });
    const { user } = await renderApp({ path: `/dashboard/places/${PLACE._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Fédération' });
    await user.type(await within(panel).findByRole('textbox', { name: 'Suivre un compte d’un autre serveur' }), 'pas un identifiant');
    await user.click(within(panel).getByRole('button', { name: 'Suivre' }));
    expect((await within(panel).findByRole('alert')).textContent).toMatch(/@nom@serveur/);
    expect(api.callsOf(OPERATIONS.followRemoteActor)).toEqual([]);
    await user.clear(within(panel).getByRole('textbox', { name: 'Suivre un compte d’un autre serveur' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Suivre un compte d’un autre serveur' }), '@x@10.0.0.1');
    await user.click(within(panel).getByRole('button', { name: 'Suivre' }));
    expect(await within(panel).findByText(/adresse privée ou locale/)).toBeTruthy();

    await user.click(within(panel).getByRole('checkbox', { name: 'Fédération' }));
    expect(await within(panel).findByText(/Fédération coupée/)).toBeTruthy();
    expect(api.callsOf(OPERATIONS.setFederation)).toEqual([{ path: { kind: 'places', id: PLACE._id }, body: { enabled: false } }]);
    expect((within(panel).getByRole('checkbox', { name: 'Fédération' }) as HTMLInputElement).checked).toBe(false);
  });
});
