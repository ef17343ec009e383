import { lazy, type ComponentType } from 'react';
import { retryImport } from './lazy-retry';

/** Resolves once the element `id` nears the viewport; at once where nothing can watch it (the server, tests, an element not drawn yet). */
function whenVisible(id: string): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
  });
}

/**
 * A lazy component whose code loads when the server-drawn element `id` (its container, outside
 * its Suspense boundary) comes near the viewport: until then React keeps the server's HTML
 * as it is, links and all, and a visitor who never scrolls there never downloads it.
 */
export function lazyWhenVisible<P>(id: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => whenVisible(id).then(retryImport(load)));
}
