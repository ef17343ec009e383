import { useCallback, useState } from 'react';

/**
 * A control whose code loads when the visitor reaches for it, not with the page: its stand-in
 * (a real button, the same size) fetches the code on hover, touch or focus, and asks for the
 * real control on click, which then opens itself (`autoOpen`). Headless UI's menus and lists
 * weigh 30 KB gzip that a visitor reading the agenda never needs.
 */
export function useOnDemand(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const prefetch = useCallback(() => void load().catch(() => undefined), [load]);
  const triggers = { onPointerEnter: prefetch, onTouchStart: prefetch, onFocus: prefetch, onClick: () => setWanted(true) };
  return { wanted, triggers };
}
