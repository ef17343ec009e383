import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mdiGuitarElectric } from '@mdi/js';
import { pathFor } from '@sortie/core';
import { FakeProductApi, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./UserPage')]);
}, 60_000);


const USER = anId(1000);
const WHEN = '2026-01-01T00:00:00.000Z';

describe('/users/{id}', () => {
  it('shows the public profile and badges, never the e-mail', async () => {
    // Staff receive the e-mail from the server: the page still does not show it.
    const api = new FakeProductApi().seed('users', aUser({ _id: USER, displayName: 'Valentine Visiteuse', email: 'valentine@example.fr', city: 'Niort', createdAt: '2025-03-02T10:00:00.000Z' }));
    answerRequests(api, {
      [`GET /users/${USER}/badges`]: pageOf([{ _id: anId(1001), name: 'Premier pas', description: 'Votre premier événement aimé.', icon: 'mdiShoePrint', rule: '', awardedAt: '2025-04-01T10:00:00.000Z', createdAt: WHEN, updatedAt: WHEN }]),
    });
    await renderApp({ path: pathFor('user', { id: USER }), api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Valentine Visiteuse' })).toBeTruthy();
    expect(screen.getByText('Niort · Membre depuis le dimanche 2 mars 2025')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Premier pas' })).toBeTruthy();
    expect(screen.getByText('Obtenu le mardi 1 avril 2025')).toBeTruthy();
    expect(document.body.textContent).not.toContain('valentine@example.fr');
    expect(screen.getByRole('button', { name: 'Suivre Valentine Visiteuse' })).toBeTruthy();
  });

  it('offers no « Suivre » on one’s own profile, but the way to edit it', async () => {
    const me = aUser({ _id: USER, displayName: 'Valentine Visiteuse' });
    const api = new FakeProductApi().signedInAs(me).seed('users', me);
    answerRequests(api, { [`GET /users/${USER}/badges`]: pageOf([]) });
    await renderApp({ path: pathFor('user', { id: USER }), api });
    const edit = await screen.findByRole('link', { name: 'Modifier mon profil' });
    expect(edit.getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: /Suivre/ })).toBeNull();
  });

  it('offers « Suivre » on another member’s profile to a signed-in visitor', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ _id: anId(1050) })).seed('users', aUser({ _id: USER, displayName: 'Valentine Visiteuse' }));
    answerRequests(api, { [`GET /users/${USER}/badges`]: pageOf([]), [`GET /me/follows/user/${USER}`]: { follow: null } });
    await renderApp({ path: pathFor('user', { id: USER }), api });
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Suivre Valentine Visiteuse' }).disabled).toBe(false));
    expect(screen.queryByRole('link', { name: 'Modifier mon profil' })).toBeNull();
  });

  it('draws a badge’s icon chosen from the dashboard’s catalogue, not a medal', async () => {
    const api = new FakeProductApi().seed('users', aUser({ _id: USER }));
    answerRequests(api, {
      [`GET /users/${USER}/badges`]: pageOf([{ _id: anId(1002), name: 'Rockeur', description: '', icon: 'mdiGuitarElectric', rule: '', awardedAt: WHEN, createdAt: WHEN, updatedAt: WHEN }]),
    });
    await renderApp({ path: pathFor('user', { id: USER }), api });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Rockeur' })).closest('li')!;
    await waitFor(() => expect(card.querySelector('svg path')?.getAttribute('d')).toBe(mdiGuitarElectric));
  });

  it('says when the member has no badge yet', async () => {
    const api = new FakeProductApi().seed('users', aUser({ _id: USER }));
    answerRequests(api, { [`GET /users/${USER}/badges`]: pageOf([]) });
    await renderApp({ path: pathFor('user', { id: USER }), api });
    expect(await screen.findByText('Pas encore de badge.')).toBeTruthy();
  });

  it('explains an unknown member in French', async () => {
    await renderApp({ path: pathFor('user', { id: anId(1099) }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Badges' })).toBeNull();
  });
});
