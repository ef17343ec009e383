import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and during the browser's hydration of what the server drew, true from
 * the browser's next render: for what only a browser can draw (a map, sanitised HTML), so
 * that the server's HTML and the hydration agree.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
