import './services/zod-jitless';
import './styles.css';
import { createEagerServices } from '@sortie/adapters/eager';
import { retryImport } from './components/lazy-retry';
import { mountApp } from './app/mount';
import { readServerState } from './ssr/server-state';

// The product API, the clock and the query cache are made here, without inversify: a page
// that only reads the API needs nothing more. The container (STYLE.md §7), composed in
// services.ts, loads the first time something needs it (ServicesSlot, useUseCase). A page
// the server rendered carries its config and data, and is hydrated. A failure is logged and
// rethrown by mountApp, so that the browser reports it as well.
const eager = createEagerServices();
void mountApp({
  root: document.getElementById('root'),
  fetcher: (...args) => fetch(...args),
  eager,
  serverState: readServerState(document),
  loadServices: (raw) => retryImport(() => import('./app/services'))().then(({ createServices }) => createServices(raw, eager)),
});
// The service worker (pages kept for offline, push messages), in production builds only.
if (import.meta.env.PROD) void import('./services/service-worker').then(({ startServiceWorker }) => startServiceWorker());
