import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContainer, aRuntimeConfig } from '@sortie/core/testing';
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

  it('reads /api/config, paints, and composes the services from that config', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const config = aRuntimeConfig({ cities: ['Poitiers', 'Niort'] });
    const fetcher = vi.fn(async () => json(config));
    const loadServices = vi.fn(async () => ({ container: createTestContainer({ config }).container, config }));
    unmount = await mountApp({ root, fetcher, loadServices });
    expect(fetcher).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(loadServices).toHaveBeenCalledWith(expect.objectContaining({ identityProvider: 'local', cities: ['Poitiers', 'Niort'] }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Aller au contenu' })).toBeTruthy());
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

  it('logs and rethrows a failure to compose the services (a config core’s schema refuses)', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const log = vi.fn();
    const refused = new Error('identityProvider: Invalid option');
    await expect(mountApp({ root, fetcher: async () => json({ identityProvider: 'ldap' }), loadServices: () => Promise.reject(refused), log })).rejects.toBe(refused);
    expect(log).toHaveBeenCalledWith('Sortie failed to start', refused);
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
