import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, pathFor } from '@sortie/core';
import { FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { UPCOMING_PAGE_SIZE } from '../features/people/UpcomingEvents';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./OrganizationPage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';
const ORG = anId(800);
const organization = { _id: ORG, name: 'Jazz à Poitiers', description: 'Association qui programme du **jazz** depuis 1980.', website: 'https://jazz.example.fr', memberIds: [], createdAt: WHEN, updatedAt: WHEN };

describe('/organizations/{id}', () => {
  it('shows the organisation, its website, a follow button and its upcoming events', async () => {
    const api = new FakeProductApi().seed('organizations', organization).seed('events', anEvent({ _id: anId(801), title: 'Jam session', organizationId: ORG }));
    await renderApp({ path: pathFor('organization', { id: ORG }), api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz à Poitiers' })).toBeTruthy();
    expect(screen.getByText('jazz').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: /Site web/ }).getAttribute('href')).toBe('https://jazz.example.fr');
    expect(screen.getByRole('button', { name: 'Suivre Jazz à Poitiers' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Jam session' })).toBeTruthy();
    expect(api.lastCallTo('listEvents')).toEqual([{ organizationId: ORG, upcoming: 'true', limit: UPCOMING_PAGE_SIZE, offset: 0 }]);
  });

  it('says when nothing is planned', async () => {
    await renderApp({ path: pathFor('organization', { id: ORG }), api: new FakeProductApi().seed('organizations', { ...organization, description: '' }) });
    expect(await screen.findByText('Aucun événement à venir pour cette organisation.')).toBeTruthy();
    expect(screen.getByText('Cette organisation n’a pas encore de présentation.')).toBeTruthy();
  });

  it('explains an unknown organisation in French', async () => {
    await renderApp({ path: pathFor('organization', { id: ORG }), api: new FakeProductApi().fail('get', new NotFoundError('Organisation introuvable.')) });
    expect((await screen.findByRole('alert')).textContent).toContain('Organisation introuvable.');
  });
});
