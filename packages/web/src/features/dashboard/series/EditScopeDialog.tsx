import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { SeriesEditScope } from '@sortie/core';

const choice = 'w-full rounded-lg px-4 py-3 text-left ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary';

/** Saving a date of a series asks first which dates the change reaches (a headlessui dialog: focus trapped, Échap closes). */
export function EditScopeDialog({ open, onChoose, onClose }: { open: boolean; onChoose: (scope: SeriesEditScope) => void; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-3 rounded-xl bg-surface p-5 ring-1 ring-line">
          <DialogTitle className="text-lg font-bold">Modifier une date de la série</DialogTitle>
          <p className="text-sm text-muted">Cet événement se répète. Que voulez-vous modifier ?</p>
          <button type="button" data-autofocus onClick={() => onChoose('one')} className={choice}>
            <span className="block font-semibold">Cette date seulement</span>
            <span className="block text-sm text-muted">Les autres dates de la série ne changent pas.</span>
          </button>
          <button type="button" onClick={() => onChoose('following')} className={choice}>
            <span className="block font-semibold">Toutes les dates suivantes</span>
            <span className="block text-sm text-muted">Cette date et les suivantes ; les dates passées restent telles quelles.</span>
          </button>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className="rounded-lg px-3 py-2 text-sm hover:bg-white/10 focus-visible:outline-2">
              Annuler
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
