import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { ApiError, OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

const PLACE = { _id: anId(40), name: 'Le Tap Garden', address: { street: '1 rue de la Soif', postalCode: '86000', city: 'Poitiers' }, typeId: anId(41), images: [], socials: {}, openingHours: {} };
const sentAnswer = (body: { title: string; body?: string }, recipients: number) => ({
  _id: anId(42), createdAt: '2026-01-15T20:00:00.000Z', updatedAt: '2026-01-15T20:00:00.000Z', target: { kind: 'place' as const, id: PLACE._id }, title: body.title, body: body.body ?? '',
  status: 'sent' as const, sendAt: '2026-01-15T20:00:00.000Z', sentAt: '2026-01-15T20:00:00.000Z', recipients, createdBy: anId(1),
});

function staffApi() {
  const api = new FakeProductApi().signedInAs(aStaffUser()).seed('places', PLACE);
  api.serve(OPERATIONS.announcementRecipients, async () => ({ recipients: 12 }));
  api.serve(OPERATIONS.announcements, async () => ({ items: [] }));
  return api;
}

describe('announcements from a place’s dashboard page', () => {
  it('previews the number of followers, sends the announcement and says to how many', async () => {
    const api = staffApi();
    api.serve(OPERATIONS.announce, async ({ body }) => sentAnswer(body, 12));
    const { user } = await renderApp({ path: `/dashboard/places/${PLACE._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Annonce aux abonnés du lieu' });
    expect(await within(panel).findByText(/12 abonnés la recevront\./)).toBeTruthy();
    await user.type(within(panel).getByRole('textbox', { name: 'Objet de l’annonce' }), 'Concert déplacé');
    await user.type(within(panel).getByRole('textbox', { name: 'Message de l’annonce' }), 'En grande salle samedi.');
    await user.click(within(panel).getByRole('button', { name: 'Envoyer l’annonce' }));
    expect(await within(panel).findByText('Annonce envoyée à 12 personnes.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.announce)).toEqual([{ body: { target: { kind: 'place', id: PLACE._id }, title: 'Concert déplacé', body: 'En grande salle samedi.' } }]);
  });

  it('says in French what is missing or refused, and sends nothing without a title', async () => {
    const api = staffApi();
    api.serve(OPERATIONS.announce, async () => {
      throw new ApiError('Déjà 3 annonces en 24 heures pour ce destinataire : la prochaine sera possible à partir de 16/01/2026 21:00.', { statusCode: 429, code: 'RATE_LIMITED' });
    });
    const { user } = await renderApp({ path: `/dashboard/places/${PLACE._id}`, api });
    const panel = await screen.findByRole('region', { name: 'Annonce aux abonnés du lieu' });
    await user.click(within(panel).getByRole('button', { name: 'Envoyer l’annonce' }));
    expect((await within(panel).findByRole('alert')).textContent).toMatch(/titre/i);
    expect(api.callsOf(OPERATIONS.announce)).toEqual([]);

    await user.type(within(panel).getByRole('textbox', { name: /Lien de l’annonce/ }), 'javascript:alert(1)');
    await user.type(within(panel).getByRole('textbox', { name: 'Objet de l’annonce' }), 'Pirate');
    await user.click(within(panel).getByRole('button', { name: 'Envoyer l’annonce' }));
    expect(api.callsOf(OPERATIONS.announce)).toEqual([]);

    await user.clear(within(panel).getByRole('textbox', { name: /Lien de l’annonce/ }));
    await user.click(within(panel).getByRole('button', { name: 'Envoyer l’annonce' }));
    expect(await within(panel).findByText(/Déjà 3 annonces en 24 heures/)).toBeTruthy();
  });
});
