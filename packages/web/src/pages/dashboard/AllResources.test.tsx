import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_RESOURCES, RESOURCES } from '@sortie/core';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

describe('every dashboard resource', () => {
  it.each(DASHBOARD_RESOURCES)('%s: its list opens an empty creation form from « Nouveau »', async (resource) => {
    const api = new FakeProductApi().signedInAs(aStaffUser({ roles: ['admin'] }));
    await renderApp({ path: `/dashboard/${resource}?nouveau=1`, api });
    expect(await screen.findByRole('heading', { level: 1, name: capitalise(RESOURCES[resource].label.many) })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Créer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer' })).toBeTruthy();
    expect(api.lastCallTo('list')?.[0]).toBe(resource);
  });

  it.each(DASHBOARD_RESOURCES)('%s: a record opens in its edit form', async (resource) => {
    const id = anId();
    const api = new FakeProductApi().signedInAs(aStaffUser({ roles: ['admin'] })).seed(resource, { _id: id, name: 'Fiche de test', title: 'Fiche de test' });
    await renderApp({ path: `/dashboard/${resource}/${id}`, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fiche de test' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Modifier' })).toBeTruthy();
    expect(api.lastCallTo('get')).toEqual([resource, id]);
  });
});
