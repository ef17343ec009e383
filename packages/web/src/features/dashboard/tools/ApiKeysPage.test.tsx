import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValidationError, type ApiKey } from '@sortie/core';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';

const KEY = `sortie_${'a'.repeat(43)}`;

/** A staff session whose keys live in a list the fake answers from, as the server would (by method and path). */
function withKeys(initial: ApiKey[] = [], refuse?: Error) {
  const keys = [...initial];
  const api = new FakeProductApi().signedInAs(aStaffUser());
  api.answer('request', (method: string, path: string, options: { body?: { name: string; scopes: ApiKey['scopes'] } } = {}) => {
    if (method === 'GET' && path === '/me/apiKeys') return Promise.resolve({ items: keys });
    if (method === 'POST' && path === '/me/apiKeys') {
      if (refuse) return Promise.reject(refuse);
      const created = { id: anId(), name: options.body!.name, scopes: options.body!.scopes, prefix: KEY.slice(0, 13), createdAt: '2026-11-23T17:00:00.000Z', lastUsedAt: null };
      keys.unshift(created);
      return Promise.resolve({ ...created, key: KEY });
    }
    if (method === 'DELETE' && path.startsWith('/me/apiKeys/')) {
      keys.splice(keys.findIndex((key) => key.id === path.split('/').pop()), 1);
      return Promise.resolve(undefined);
    }
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  return api;
}
/** The params of each call of one operation, by its name. */
const callsOf = (api: FakeProductApi, name: string) => api.callsTo('call').filter(([called]) => called === name).map(([, params]) => params);

describe('/dashboard/apiKeys', () => {
  it('lists the keys with their scopes, prefix, creation and last use', async () => {
    const api = withKeys([
      { id: anId(), name: 'Billetterie', scopes: ['read', 'links'], prefix: 'sortie_Xy12ab', createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: '2026-11-22T18:30:00.000Z' },
      { id: anId(), name: 'Écran du bar', scopes: ['tournaments'], prefix: 'sortie_Qq98zz', createdAt: '2026-11-02T09:00:00.000Z', lastUsedAt: null },
    ]);
    await renderApp({ path: '/dashboard/apiKeys', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clés d’API' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Mes clés d’API actives' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[0]!.slice(0, 5)).toEqual(['Billetterie', 'Lecture, Liens courts', 'sortie_Xy12ab…', 'dimanche 1 novembre à 10:00', 'dimanche 22 novembre à 19:30']);
    expect(rows[1]!.slice(0, 5)).toEqual(['Écran du bar', 'Tournois', 'sortie_Qq98zz…', 'lundi 2 novembre à 10:00', 'jamais']);
  });

  it('creates a key with a name and scopes, shows it once with a copy button and a warning', async () => {
    const api = withKeys();
    const { user } = await renderApp({ path: '/dashboard/apiKeys', api });
    expect(await screen.findByText('Aucune clé active.')).toBeTruthy();
    await user.type(screen.getByLabelText('Nom de la clé'), 'Affiches du festival');
    await user.click(screen.getByRole('checkbox', { name: /Liens courts/ }));
    await user.click(screen.getByRole('checkbox', { name: /Lecture/ }));
    await user.click(screen.getByRole('button', { name: 'Créer la clé' }));

    const shown = await screen.findByRole('region', { name: 'Clé « Affiches du festival » créée' });
    expect(within(shown).getByLabelText('Clé d’API').textContent).toBe(KEY);
    expect(within(shown).getByRole('alert').textContent).toMatch(/^Copiez-la maintenant : elle ne sera plus jamais affichée\./);
    expect(within(shown).getByRole('button', { name: 'Copier la clé' })).toBeTruthy();
    expect(callsOf(api, 'createApiKey')).toEqual([{ body: { name: 'Affiches du festival', scopes: ['links', 'read'] } }]);
    const table = await screen.findByRole('table', { name: 'Mes clés d’API actives' });
    expect(within(table).getByText('Affiches du festival')).toBeTruthy();
    // Once dismissed, the key is gone from the page for good.
    await user.click(within(shown).getByRole('button', { name: 'J’ai copié la clé' }));
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('says in French what is missing when the server refuses the form', async () => {
    const api = withKeys([], new ValidationError('Requête invalide. scopes : Choisissez au moins une portée.', [{ path: 'scopes', message: 'Choisissez au moins une portée.' }]));
    const { user } = await renderApp({ path: '/dashboard/apiKeys', api });
    await screen.findByText('Aucune clé active.');
    await user.type(screen.getByLabelText('Nom de la clé'), 'Sans portée');
    await user.click(screen.getByRole('button', { name: 'Créer la clé' }));
    expect(await screen.findByText('Choisissez au moins une portée.')).toBeTruthy();
  });

  it('revokes a key after asking', async () => {
    const id = anId();
    const api = withKeys([{ id, name: 'Ancien script', scopes: ['content'], prefix: 'sortie_Old000', createdAt: '2026-10-01T09:00:00.000Z', lastUsedAt: null }]);
    const { user } = await renderApp({ path: '/dashboard/apiKeys', api });
    await user.click(await screen.findByRole('button', { name: 'Révoquer la clé Ancien script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer la clé « Ancien script » ?' });
    expect(callsOf(api, 'revokeApiKey')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer la clé' }));
    expect(await screen.findByText('La clé « Ancien script » est révoquée : elle ne fonctionne plus.')).toBeTruthy();
    expect(callsOf(api, 'revokeApiKey')).toEqual([{ path: { id } }]);
    expect(await screen.findByText('Aucune clé active.')).toBeTruthy();
  });
});
