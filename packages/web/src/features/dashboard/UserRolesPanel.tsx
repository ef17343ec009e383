import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { isAdminRoles, SessionService, type Role } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { usePanelWrites } from '../../data/dashboard-panels';
import { ConfirmDialog } from './ConfirmDialog';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';
import { useIsAdmin } from './use-is-admin';

/** The account roles, in French, with what each one opens. */
const ROLES: ReadonlyArray<{ role: Role; label: string; help: string }> = [
  { role: 'admin', label: 'Administrateur', help: 'Gère les comptes et leurs rôles, et tout le tableau de bord.' },
  { role: 'staff', label: 'Équipe', help: 'Ouvre le tableau de bord : événements, lieux, jeux, liens…' },
];

const rolesOf = (record: DashboardRecord): Role[] => (Array.isArray(record['roles']) ? (record['roles'] as Role[]) : []);

/**
 * An account's roles on its dashboard page: admins tick and save them (PUT /api/users/{id}/roles,
 * audited by the server); others read them. Withdrawing one's own admin role asks first, and the
 * server refuses it to the last admin with a message shown here.
 */
export function UserRolesPanel({ record }: { record: DashboardRecord }) {
  const panels = usePanelWrites();
  const session = useUseCase(SessionService);
  const { user: me } = useSnapshot(session.state);
  const isAdmin = useIsAdmin();
  // What the server holds: the record as loaded, then each saved answer (the page is not reloaded, so this panel keeps its message).
  const [saved, setSaved] = useState<Role[]>(() => rolesOf(record));
  const [chosen, setChosen] = useState<Role[]>(saved);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const changed = chosen.slice().sort().join() !== saved.slice().sort().join();
  const dropsOwnAdmin = me?._id === record._id && isAdminRoles(saved) && !isAdminRoles(chosen);

  function toggle(role: Role, on: boolean) {
    setMessage(null);
    setChosen((current) => (on ? [...current.filter((r) => r !== role), role] : current.filter((r) => r !== role)));
  }

  async function save() {
    setConfirming(false);
    setBusy(true);
    setMessage(null);
    try {
      const updated = await panels.setUserRoles(record._id, chosen);
      setSaved(updated.roles);
      setChosen(updated.roles);
      setMessage({ ok: true, text: 'Rôles enregistrés.' });
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
      setChosen(saved);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={PANEL_CLASS} aria-labelledby="roles-title">
      <h2 id="roles-title" className="text-lg font-semibold">
        Rôles du compte
      </h2>
      <fieldset className="space-y-2">
        <legend className="sr-only">Rôles de {String(record['displayName'] ?? 'ce compte')}</legend>
        {ROLES.map(({ role, label, help }) => (
          <label key={role} className="flex items-start gap-3">
            <input type="checkbox" className="mt-1" disabled={!isAdmin || busy} checked={chosen.includes(role)} onChange={(e) => toggle(role, e.target.checked)} />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-sm text-muted">{help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {isAdmin ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={PANEL_BUTTON_CLASS} disabled={!changed || busy} onClick={() => (dropsOwnAdmin ? setConfirming(true) : void save())}>
            {busy ? 'Enregistrement…' : 'Enregistrer les rôles'}
          </button>
          {changed && !busy && (
            <button type="button" className="text-sm text-muted hover:underline" onClick={() => setChosen(saved)}>
              Annuler les changements
            </button>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted">Seuls les administrateurs changent les rôles.</p>
      )}
      <p role="status" aria-live="polite" className={message?.ok ? 'text-sm text-success' : 'text-sm text-error'}>
        {message?.text ?? ''}
      </p>
      <p className="text-xs text-muted">Chaque changement est enregistré avec son auteur et sa date.</p>
      <ConfirmDialog open={confirming} title="Retirer votre rôle d’administrateur ?" confirmLabel="Retirer mon rôle" busy={busy} onConfirm={() => void save()} onClose={() => setConfirming(false)}>
        Vous ne pourrez plus gérer les comptes ni les rôles. S’il n’y a pas d’autre administrateur, Sortie refusera.
      </ConfirmDialog>
    </section>
  );
}
