import { matchRoute } from '@sortie/core';
import { PAGE_LOADERS } from './page-registry';

/**
 * Starts loading a page's code when the visitor points at, focuses or touches a link to it:
 * the next page is usually there by the click. The build writes no preload lists of each
 * page's chunks (vite.config.ts): they were 3 KB of file names in every visitor's first
 * download, for pages most never open.
 */
export function prefetchOnIntent(doc: Document): () => void {
  const started = new Set<string>();
  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== doc.location.origin) return;
    let name: string;
    try {
      const match = matchRoute(anchor.pathname);
      if (match.kind !== 'page') return;
      name = match.route.name;
    } catch {
      return;
    }
    const load = PAGE_LOADERS[name];
    if (!load || started.has(name)) return;
    started.add(name);
    void load().catch(() => started.delete(name));
  };
  const types = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of types) doc.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of types) doc.removeEventListener(type, onIntent, { capture: true });
  };
}
