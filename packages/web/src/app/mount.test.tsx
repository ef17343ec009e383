import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContainer, aRuntimeConfig } from '@sortie/core/testing';
import { mountApp } from './mount';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('mountApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads /api/config, composes the container from it and renders', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const config = aRuntimeConfig({ cities: ['Poitiers', 'Niort'] });
    const fetcher = vi.fn(async () => json(config));
    const compose = vi.fn(() => createTestContainer({ config }).container);
    await mountApp({ root, fetcher, compose });
    expect(fetcher).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(compose).toHaveBeenCalledWith(expect.objectContaining({ identityProvider: 'local', cities: ['Poitiers', 'Niort'] }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Aller au contenu' })).toBeTruthy());
  });

  it('logs and rethrows a failure while mounting, telling the visitor in French', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const log = vi.fn();
    const fetcher = vi.fn(async () => json({ error: 'down' }, 503));
    await expect(mountApp({ root, fetcher, compose: vi.fn(), log })).rejects.toThrow('GET /api/config answered 503');
    expect(log).toHaveBeenCalledWith('Sortie failed to start', expect.any(Error));
    expect(screen.getByRole('alert').textContent).toBe('Sortie n’a pas pu démarrer. Vérifiez votre connexion puis rechargez la page.');
  });

  it('refuses a config that does not follow core’s schema', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const compose = vi.fn();
    await expect(mountApp({ root, fetcher: async () => json({ identityProvider: 'ldap' }), compose, log: () => undefined })).rejects.toThrow();
    expect(compose).not.toHaveBeenCalled();
  });
});
