import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeProductApi, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

// The session's button never arrives: what a signed-in visitor meets while its chunk downloads.
vi.mock('./SessionFollowButton', () => new Promise(() => undefined));

beforeAll(async () => {
  await Promise.all([import('../../pages/OrganizationPage')]);
}, 60_000);

const ORG = anId(300);
const organization = { _id: ORG, name: 'Jazz à Poitiers', description: '', memberIds: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

describe('follow button, before the session’s version has loaded', () => {
  it('waits, disabled, and never asks a signed-in visitor to sign in', async () => {
    const api = new FakeProductApi().signedInAs(aUser()).seed('organizations', organization);
    const { user } = await renderApp({ path: `/organizations/${ORG}`, api });
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Suivre Jazz à Poitiers' });
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: 'Se connecter' })).toBeNull();
  });
});
