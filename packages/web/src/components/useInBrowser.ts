import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and during the browser's hydration of what the server drew, true from
 * the browser's next render: for what only a browser can draw (a map, sanitised HTML), so
 * that the server's HTML and the hydration agree. The switch is a transition: React draws it
 * in slices, without a long task that would keep the page from answering a tap.
 */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => startTransition(() => setInBrowser(true)), []);
  return inBrowser;
}
