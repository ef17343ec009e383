import { useEffect, useRef } from 'react';

/**
 * Runs an action once per key: a redirect page must not follow its link twice when React's
 * strict mode runs effects twice, yet must run again for another key.
 */
export function useRunOnce(key: string, action: () => void): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === key) return;
    done.current = key;
    action();
    // The action is read once per key on purpose: it is not a dependency.
  }, [key]);
}
