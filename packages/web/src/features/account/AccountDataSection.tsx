import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { mdiDeleteForeverOutline, mdiDownload } from '@mdi/js';
import { Link, useLocation } from 'wouter';
import { ACCOUNT_EXPORT_FILENAME, FRESH_SIGN_IN_MINUTES, LoggerPort, OPERATION_ROUTES, operationPath, SessionService } from '@sortie/core';
import { useRuntimeConfig, useUseCase } from '../../services/container-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';
import { Icon } from '../../components/Icon';
import { FIELD_CLASS, LINK_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';

const DANGER_BUTTON_CLASS =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-error px-4 py-2 font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60';

/** On /account: a copy of everything Sortie keeps about the visitor, and the deletion of their account (RGPD art. 15, 17, 20). */
export function AccountDataSection() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="account-data-title" className="mt-10">
      <h2 id="account-data-title" className="text-xl font-bold">
        Mes données
      </h2>
      <p className="mt-2 text-sm text-muted">
        Vous pouvez obtenir une copie de tout ce que Sortie conserve sur vous, ou supprimer votre compte.{' '}
        <Link href="/legal/privacy#vos-donnees" className={LINK_CLASS}>
          Ce que nous conservons et pourquoi
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {/* A plain link: the browser downloads the file with the session cookie, without script. */}
        <a href={operationPath(OPERATION_ROUTES.exportMyData)} download={ACCOUNT_EXPORT_FILENAME} className={SECONDARY_BUTTON_CLASS}>
          <Icon path={mdiDownload} size={20} /> Télécharger mes données
        </a>
        <button type="button" onClick={() => setDeleting(true)} className={SECONDARY_BUTTON_CLASS}>
          <Icon path={mdiDeleteForeverOutline} size={20} className="text-error" /> Supprimer mon compte
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

/** Asks for the password (or, for a Google or Apple account, relies on a sign-in just made), says what goes and what stays, then deletes. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const account = useAccountWrites();
  const session = useUseCase(SessionService);
  const logger = useUseCase(LoggerPort);
  const [, navigate] = useLocation();
  const { identityProvider } = useRuntimeConfig();
  // The embedded provider's accounts have a password; a provider's (Google, Apple, Firebase) confirm by a fresh sign-in.
  const withPassword = identityProvider === 'local';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { password: useId(), error: useId(), what: useId() };

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      await account.deleteAccount(withPassword ? { password } : {});
    } catch (failure) {
      setError(apiErrorMessage(failure));
      setBusy(false);
      return;
    }
    // The account is gone and the server has closed the session: sign out here and at the provider, then home.
    try {
      await session.logout();
    } catch (failure) {
      logger.warn('Sign-out after account deletion failed', failure);
      session.clear();
    }
    navigate('/');
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel className="max-h-[95dvh] w-full max-w-lg overflow-y-auto rounded-2xl bg-surface p-5 shadow-2xl ring-1 ring-line sm:p-6">
          <DialogTitle className="text-xl font-bold">Supprimer mon compte</DialogTitle>
          <Description as="div" id={ids.what} className="mt-3 space-y-3 text-sm leading-relaxed">
            <p className="font-semibold">La suppression est définitive : elle ne peut pas être annulée.</p>
            <div>
              <p>Seront effacés :</p>
              <ul className="mt-1 list-disc pl-6">
                <li>votre compte (nom, adresse e-mail, photo, ville, mot de passe) et toutes vos sessions ;</li>
                <li>vos favoris, abonnements, badges, notifications et appareils inscrits aux notifications ;</li>
                <li>vos clés d’API et les e-mails qui vous ont été envoyés.</li>
              </ul>
            </div>
            <div>
              <p>Resteront, sans rien qui vous nomme :</p>
              <ul className="mt-1 list-disc pl-6">
                <li>vos participations aux tombolas déjà closes, pour que la preuve publique du tirage reste vérifiable (un lot gagné y apparaît au nom de « compte supprimé ») ;</li>
                <li>vos réponses aux formulaires, pour les comptes de l’organisateur, sans vos réponses libres ni votre e-mail ;</li>
                <li>votre place dans les tableaux des tournois, au nom de « compte supprimé » ;</li>
                <li>vos partages et liens courts, qui continuent de fonctionner, et le journal des actions de l’équipe, au nom de « compte supprimé ».</li>
              </ul>
            </div>
            <p>Pensez à télécharger vos données avant, si vous souhaitez en garder une copie.</p>
          </Description>
          <form onSubmit={(event) => void submit(event)} className="mt-5 space-y-4" noValidate>
            {withPassword ? (
              <div>
                <label htmlFor={ids.password} className="font-semibold">
                  Mot de passe
                </label>
                <input
                  id={ids.password}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  autoFocus
                  disabled={busy}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.error : undefined}
                  className={FIELD_CLASS}
                />
              </div>
            ) : (
              <p className="text-sm">
                Votre compte se connecte avec Google, Apple ou un autre fournisseur : pour confirmer, reconnectez-vous, puis supprimez votre compte dans les {FRESH_SIGN_IN_MINUTES} minutes qui suivent.
              </p>
            )}
            {error && (
              <p id={ids.error} role="alert" className="text-sm text-error">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" onClick={close} disabled={busy} className={SECONDARY_BUTTON_CLASS} autoFocus={!withPassword}>
                Annuler
              </button>
              <button type="submit" disabled={busy} className={DANGER_BUTTON_CLASS}>
                <Icon path={mdiDeleteForeverOutline} size={20} /> {busy ? 'Suppression…' : 'Supprimer définitivement'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
