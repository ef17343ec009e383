import './styles.css';
import { mountApp } from './app/mount';

// The one place where the web app's container is composed (STYLE.md §7), in services.ts,
// loaded beside the first paint. A failure is logged and rethrown by mountApp, so that the
// browser reports it as well.
void mountApp({
  root: document.getElementById('root'),
  fetcher: (...args) => fetch(...args),
  loadServices: (raw) => import('./app/services').then(({ createServices }) => createServices(raw)),
});
// The service worker (pages kept for offline, push messages), in production builds only.
if (import.meta.env.PROD) void import('./services/service-worker').then(({ startServiceWorker }) => startServiceWorker());
