import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

/** Asks before something that cannot be undone (deleting, drawing a raffle, signing out everywhere). */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onClose, busy = false }: { open: boolean; title: string; children: ReactNode; confirmLabel: string; onConfirm: () => void; onClose: () => void; busy?: boolean }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-surface p-5 ring-1 ring-line">
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          <div className="mt-2 text-sm text-muted">{children}</div>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" onClick={onClose} className="rounded-lg px-3 py-2 text-sm hover:bg-white/10 focus-visible:outline-2">
              Annuler
            </button>
            <button type="button" disabled={busy} onClick={onConfirm} className="rounded-lg bg-error px-3 py-2 text-sm font-semibold text-white disabled:opacity-60 focus-visible:outline-2">
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
