import { useState } from 'react';
import { mdiLockReset, mdiLogoutVariant } from '@mdi/js';
import { Link } from 'wouter';
import type { AccountSession } from '@sortie/core';
import { useAccountWrites, useMySessions } from '../../data/account';
import { ErrorNotice, Skeleton } from '../../data/QueryView';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDateTime } from '../../format';
import { Icon } from '../../components/Icon';
import { useSignOut } from '../../components/useSignOut';
import { LINK_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * On /account: the password, and the sessions open on each device, each to end, or all at once
 * (after a confirmation: this device is signed out too). Two browsers of the same kind are told
 * apart by their first and last use, and this one says « Cet appareil ».
 */
export function AccountSessionsSection() {
  const account = useAccountWrites();
  const signOut = useSignOut();
  const query = useMySessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function end(session: AccountSession) {
    setBusy(session.id);
    setError(null);
    try {
      await account.endSession(session.id);
      query.reload();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  async function endAll() {
    setConfirming(false);
    setBusy('all');
    setError(null);
    try {
      await account.endAllSessions();
      // This session is over too: the page goes back to the signed-out state.
      signOut();
    } catch (failure) {
      setError(apiErrorMessage(failure));
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="account-security-title" className="mt-10">
      <h2 id="account-security-title" className="text-xl font-bold">
        Sécurité
      </h2>
      <p className="mt-2">
        <Link href="/account/password" className={`inline-flex items-center gap-2 ${LINK_CLASS}`}>
          <Icon path={mdiLockReset} size={18} /> Changer mon mot de passe
        </Link>
      </p>
      <h3 className="mt-6 font-semibold">Mes sessions</h3>
      <p className="text-sm text-muted">Les appareils où votre compte est connecté.</p>
      {query.status === 'error' ? (
        <ErrorNotice error={query.error} onRetry={query.reload} />
      ) : !query.data ? (
        <Skeleton lines={2} label="Chargement de vos sessions…" />
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-xl bg-surface ring-1 ring-line" aria-label="Sessions ouvertes">
          {query.data.items.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">
                  {session.device}
                  {session.current && <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">Cet appareil</span>}
                </p>
                <p className="text-xs text-muted">
                  Première connexion le {formatDateTime(session.createdAt)} · dernière activité le {formatDateTime(session.lastUsedAt)}
                </p>
              </div>
              {!session.current && (
                <button type="button" onClick={() => void end(session)} disabled={busy !== null} className={SECONDARY_BUTTON_CLASS} aria-label={`Déconnecter ${session.device} (connecté depuis le ${formatDateTime(session.createdAt)})`}>
                  {busy === session.id ? 'Déconnexion…' : 'Déconnecter'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      )}
      <button type="button" onClick={() => setConfirming(true)} disabled={busy !== null} className={`mt-4 ${SECONDARY_BUTTON_CLASS}`}>
        <Icon path={mdiLogoutVariant} size={20} /> {busy === 'all' ? 'Déconnexion…' : 'Se déconnecter partout'}
      </button>
      <ConfirmDialog open={confirming} title="Se déconnecter partout ?" confirmLabel="Me déconnecter partout" onConfirm={() => void endAll()} onClose={() => setConfirming(false)} busy={busy !== null}>
        Toutes vos sessions seront fermées, celle de cet appareil comprise : il faudra vous reconnecter sur chacun de vos appareils.
      </ConfirmDialog>
    </section>
  );
}
