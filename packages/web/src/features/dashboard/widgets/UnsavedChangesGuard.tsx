import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../ConfirmDialog';

/** The link a click would follow inside the app, or null (another site, a new tab, a download, a modified click). */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While a form has unsaved changes: leaving it by a link of the app asks « Quitter sans
 * enregistrer ? » first, and closing or reloading the tab asks the browser's own question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const [, navigate] = useLocation();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      const target = inAppTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(target);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);

  return (
    <ConfirmDialog
      open={leavingTo !== null}
      title="Quitter sans enregistrer ?"
      confirmLabel="Quitter sans enregistrer"
      onClose={() => setLeavingTo(null)}
      onConfirm={() => {
        const target = leavingTo;
        setLeavingTo(null);
        if (target) navigate(target);
      }}
    >
      Vos modifications ne sont pas enregistrées : elles seront perdues si vous quittez cette page.
    </ConfirmDialog>
  );
}
