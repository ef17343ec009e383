import { useEffect, useRef } from 'react';

/** Opens a control that was asked for by a click on its stand-in: focus then a click on its own button, as the visitor did. */
export function useAutoOpen<T extends HTMLElement>(autoOpen: boolean | undefined) {
  const button = useRef<T>(null);
  // Once: React's strict mode runs a mount effect twice, and a second click would close it again.
  const opened = useRef(false);
  useEffect(() => {
    if (!autoOpen || opened.current) return;
    opened.current = true;
    button.current?.focus();
    button.current?.click();
  }, [autoOpen]);
  return button;
}
