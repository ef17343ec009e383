import { createRoot } from 'react-dom/client';
import type { Container } from 'inversify';
import type { RuntimeConfig } from '@sortie/core';
import { App } from './App';
import { loadRuntimeConfig } from './runtime-config';

export interface MountOptions {
  root: HTMLElement | null;
  fetcher: typeof fetch;
  /** Composes the program's container from the runtime config (createBrowserContainer in the browser). */
  compose: (config: RuntimeConfig) => Container | Promise<Container>;
  log?: (message: string, error: unknown) => void;
}

/**
 * Reads the runtime config, composes the container and renders the app. SPEC.md §8: a
 * failure while mounting is logged and rethrown; the visitor also gets a French message
 * rather than a blank page.
 */
export async function mountApp({ root, fetcher, compose, log = (message, error) => console.error(message, error) }: MountOptions): Promise<void> {
  try {
    if (!root) throw new Error('The #root element is missing from index.html.');
    const config = await loadRuntimeConfig(fetcher);
    const container = await compose(config);
    createRoot(root).render(<App container={container} config={config} />);
  } catch (error) {
    log('Sortie failed to start', error);
    if (root) {
      root.innerHTML = '';
      const message = document.createElement('p');
      message.setAttribute('role', 'alert');
      message.className = 'p-8 text-center';
      message.textContent = 'Sortie n’a pas pu démarrer. Vérifiez votre connexion puis rechargez la page.';
      root.append(message);
    }
    throw error;
  }
}
