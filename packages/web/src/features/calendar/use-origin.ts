import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * The page's origin in the browser, null on the server: the server-rendered HTML and the first
 * render of its hydration agree (null), and the browser's render follows at once.
 */
export function useOrigin(): string | null {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => null,
  );
}
