import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import type { EagerServices } from '@sortie/adapters/eager';
import type { AppServices } from '../services/container-context';
import { fetchRuntimeConfig, shellConfigOf } from '../services/runtime-config';
import type { ServerState } from '../ssr/server-state';
import { prefetchOnIntent } from './prefetch-on-intent';

export interface MountOptions {
  root: HTMLElement | null;
  fetcher: typeof fetch;
  /** Validates the raw runtime config and composes the container: services.ts, behind a dynamic import(), called when first needed. */
  loadServices: (rawConfig: unknown) => Promise<AppServices>;
  /** The product API, clock and query cache made before the container. */
  eager?: EagerServices;
  /** What the server rendered the page with (its runtime config and queries): the page is hydrated, not drawn again. */
  serverState?: ServerState | null;
  log?: (message: string, error: unknown) => void;
}

function showStartupFailure(root: HTMLElement): void {
  root.replaceChildren();
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'p-8 text-center';
  message.textContent = 'Sortie n’a pas pu démarrer. Vérifiez votre connexion puis rechargez la page.';
  root.append(message);
}

/**
 * Reads the runtime config, paints the app at once and loads the services beside it.
 * SPEC.md §8: a failure while mounting (the config, the services, the first render) is
 * logged and rethrown; the visitor gets a French message rather than a blank page.
 */
export async function mountApp({ root, fetcher, loadServices, eager, serverState, log = (message, error) => console.error(message, error) }: MountOptions): Promise<() => void> {
  let unmount: (() => void) | undefined;
  try {
    if (!root) throw new Error('The #root element is missing from index.html.');
    const raw = serverState ? serverState.config : await fetchRuntimeConfig(fetcher);
    // A failure to load the services later is the page's to show (its error boundary), not a failed start.
    const services = () => loadServices(raw);
    const stopPrefetch = prefetchOnIntent(document);
    const app = <App services={services} shell={shellConfigOf(raw)} {...(eager ? { eager } : {})} />;
    if (serverState && eager) {
      // The page is already there: React takes it over with the data it was drawn with.
      eager.queries.hydrate(serverState.queries);
      // In a transition, React hydrates in slices and the page answers taps meanwhile (no long task).
      let reactRoot!: ReturnType<typeof hydrateRoot>;
      startTransition(() => {
        reactRoot = hydrateRoot(root, app, { onRecoverableError: (error) => log('Sortie hydration mismatch', error) });
      });
      unmount = () => {
        stopPrefetch();
        reactRoot.unmount();
      };
    } else {
      const reactRoot = createRoot(root);
      unmount = () => {
        stopPrefetch();
        reactRoot.unmount();
      };
      reactRoot.render(app);
    }
    // Resolves how to take the app down again: tests must, so that no render outlives them.
    return unmount;
  } catch (error) {
    log('Sortie failed to start', error);
    unmount?.();
    if (root) showStartupFailure(root);
    throw error;
  }
}
