import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, SESSION_HINT_COOKIE } from '@sortie/core';
import { createEagerServices } from '@sortie/adapters/eager';
import { FakeClock, FakeProductApi, createTestContainer, aRuntimeConfig } from '@sortie/core/testing';
import { mountApp } from './mount';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('mountApp', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    // Take the app down inside the test: a render left scheduled would run after happy-dom is gone.
    if (unmount) act(() => unmount?.());
    unmount = undefined;
    document.body.innerHTML = '';
  });

  it('reads /api/config and paints without the services: an anonymous visit on a computer never loads them', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const config = aRuntimeConfig({ cities: ['Poitiers', 'Niort'] });
    const fetcher = vi.fn(async () => json(config));
    const loadServices = vi.fn(async () => ({ container: createTestContainer({ config }).container, config }));
    // What main.tsx makes before the container (the product API, the clock, the query cache): the page reads through them.
    const api = new FakeProductApi();
    const eager = { ...createEagerServices(), api, clock: new FakeClock(), queries: new QueryClient(api) };
    unmount = await mountApp({ root, fetcher, loadServices, eager });
    expect(fetcher).toHaveBeenCalledWith('/api/config', expect.anything());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Aller au contenu' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    // The page itself is drawn, and still without the services.
    expect(await screen.findByRole('heading', { level: 2, name: 'Tout pour bien sortir' })).toBeTruthy();
    expect(loadServices).not.toHaveBeenCalled();
  });

  it('composes the services from that config at once for a visitor who may be signed in', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    try {
      const root = document.body.appendChild(document.createElement('div'));
      const config = aRuntimeConfig({ cities: ['Poitiers', 'Niort'] });
      const loadServices = vi.fn(async () => ({ container: createTestContainer({ config }).container, config }));
      unmount = await mountApp({ root, fetcher: async () => json(config), loadServices });
      await waitFor(() => expect(loadServices).toHaveBeenCalledWith(expect.objectContaining({ identityProvider: 'local', cities: ['Poitiers', 'Niort'] })));
    } finally {
      document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    }
  });

  it('logs and rethrows a failure to read the config, telling the visitor in French', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const log = vi.fn();
    const loadServices = vi.fn();
    await expect(mountApp({ root, fetcher: async () => json({ error: 'down' }, 503), loadServices, log })).rejects.toThrow('GET /api/config answered 503');
    expect(log).toHaveBeenCalledWith('Sortie failed to start', expect.any(Error));
    expect(loadServices).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Sortie n’a pas pu démarrer. Vérifiez votre connexion puis rechargez la page.');
  });

  it('reports services that fail to load (a config core’s schema refuses) and keeps the page', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const root = document.body.appendChild(document.createElement('div'));
      const refused = new Error('identityProvider: Invalid option');
      unmount = await mountApp({ root, fetcher: async () => json({ identityProvider: 'ldap' }), loadServices: () => Promise.reject(refused) });
      await waitFor(() => expect(quiet).toHaveBeenCalledWith('Fatal page error', refused, refused));
      expect(screen.getByRole('link', { name: 'Aller au contenu' })).toBeTruthy();
    } finally {
      quiet.mockRestore();
      document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    }
  });
});
