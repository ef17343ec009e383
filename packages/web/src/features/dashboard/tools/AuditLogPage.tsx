import { useState, type FormEvent } from 'react';
import {
  AUDIT_TARGET_TYPES, auditActionLabel, auditChanges, auditTargetLabel, auditValueText, DASHBOARD_RESOURCES, type AuditEntry,
} from '@sortie/core';
import { useAuditLog } from '../../../data/dashboard';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { formatDateTime } from '../../../format';
import { useIsAdmin } from '../use-is-admin';
import { ToolHeading } from './ToolHeading';
import { BUTTON_CLASS, COMPACT_FIELD_CLASS } from '../../../components/ui';

const PAGE_SIZE = 50;
const button = 'rounded-lg px-3 py-1.5 text-sm ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 disabled:opacity-50';
/** What can be filtered on: every resource, and the other targets the log names. */
const TARGETS = AUDIT_TARGET_TYPES.map((type) => ({ type, label: auditTargetLabel(type) })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));

interface Filters {
  actor: string;
  resource: string;
  targetId: string;
}
const NO_FILTER: Filters = { actor: '', resource: '', targetId: '' };

/** « titre : « Ancien » → « Nouveau » » per changed field; a creation shows what was set, a deletion what was removed. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1">
      {changes.map(({ field, label, before, after }) => (
        <li key={field}>
          <span className="font-medium">{label}</span> :{' '}
          {entry.before === null ? (
            <span>{auditValueText(after)}</span>
          ) : entry.after === null ? (
            <span className="line-through decoration-error/70">{auditValueText(before)}</span>
          ) : (
            <>
              <span className="text-muted">{auditValueText(before)}</span> <span aria-label="devient">→</span> <span>{auditValueText(after)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The record an entry names, linked to its dashboard page while it may still exist. */
function Target({ entry }: { entry: AuditEntry }) {
  const label = auditTargetLabel(entry.targetType);
  const linkable = entry.targetId && !entry.action.endsWith('.delete') && (DASHBOARD_RESOURCES as readonly string[]).includes(entry.targetType);
  if (!entry.targetId) return <>{label}</>;
  return linkable ? (
    <a href={`/dashboard/${entry.targetType}/${entry.targetId}`} className="text-accent underline">
      {label} {entry.targetId}
    </a>
  ) : (
    <>
      {label} <span className="font-mono text-xs">{entry.targetId}</span>
    </>
  );
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState(initial);
  const set = (key: keyof Filters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ actor: draft.actor.trim(), resource: draft.resource, targetId: draft.targetId.trim() });
  }
  return (
    <form onSubmit={submit} role="search" aria-label="Filtrer le journal" className="grid gap-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line sm:grid-cols-4 sm:items-end">
      <div className="space-y-1">
        <label htmlFor="audit-actor" className="block text-sm font-medium">
          Qui (e-mail ou identifiant)
        </label>
        <input id="audit-actor" value={draft.actor} maxLength={200} onChange={(e) => set('actor')(e.target.value)} className={COMPACT_FIELD_CLASS} placeholder="prenom@ville.fr" />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-resource" className="block text-sm font-medium">
          Sur quoi
        </label>
        <select id="audit-resource" value={draft.resource} onChange={(e) => set('resource')(e.target.value)} className={COMPACT_FIELD_CLASS}>
          <option value="">Tout</option>
          {TARGETS.map(({ type, label }) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-target" className="block text-sm font-medium">
          Identifiant de la fiche
        </label>
        <input id="audit-target" value={draft.targetId} maxLength={100} onChange={(e) => set('targetId')(e.target.value)} className={COMPACT_FIELD_CLASS} />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={BUTTON_CLASS}>
          Filtrer
        </button>
        <button
          type="button"
          className={button}
          onClick={() => {
            setDraft(NO_FILTER);
            onApply(NO_FILTER);
          }}
        >
          Effacer
        </button>
      </div>
    </form>
  );
}

/** « Journal d’audit »: who among staff and admins changed what and when, newest first (admins only). */
export default function AuditLogPage() {
  const admin = useIsAdmin();
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [offset, setOffset] = useState(0);
  const query = { limit: PAGE_SIZE, offset, ...(filters.actor ? { actor: filters.actor } : {}), ...(filters.resource ? { resource: filters.resource } : {}), ...(filters.targetId ? { targetId: filters.targetId } : {}) };
  const entries = useAuditLog(admin ? query : null);
  const filtered = Boolean(filters.actor || filters.resource || filters.targetId);

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <ToolHeading title="Journal d’audit">Chaque modification faite par l’équipe ou un administrateur : qui, quoi, quand, et les champs changés.</ToolHeading>
      {!admin ? (
        <p role="alert" className="text-sm text-error">
          Réservé aux administrateurs.
        </p>
      ) : (
        <>
          <FilterForm
            initial={filters}
            onApply={(next) => {
              setFilters(next);
              setOffset(0);
            }}
          />
          <QueryView query={entries}>
            {({ total, items }) =>
              items.length === 0 ? (
                <EmptyState>{filtered ? 'Aucune entrée ne correspond à ces filtres.' : 'Le journal est vide : aucune modification enregistrée.'}</EmptyState>
              ) : (
                <>
                  <div className="overflow-x-auto">
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">Entrées du journal d’audit, les plus récentes d’abord</caption>
                      <thead className="text-xs text-muted uppercase">
                        <tr>
                          <th scope="col" className="py-1 pr-3">Quand</th>
                          <th scope="col" className="py-1 pr-3">Qui</th>
                          <th scope="col" className="py-1 pr-3">Quoi</th>
                          <th scope="col" className="py-1">Champs modifiés</th>
                        </tr>
                      </thead>
                      <tbody>
                        {items.map((entry) => (
                          <tr key={entry.id} className="border-t border-line align-top">
                            <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                            <td className="py-2 pr-3">{entry.actorLabel}</td>
                            <td className="py-2 pr-3">
                              <span className="block first-letter:uppercase">{auditActionLabel(entry.action, entry.targetType)}</span>
                              <Target entry={entry} />
                            </td>
                            <td className="py-2">
                              <Changes entry={entry} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <nav aria-label="Pages du journal" className="flex items-center gap-3 text-sm">
                    <button type="button" className={button} disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
                      Plus récentes
                    </button>
                    <span>
                      {offset + 1}–{offset + items.length} sur {total}
                    </span>
                    <button type="button" className={button} disabled={offset + items.length >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
                      Plus anciennes
                    </button>
                  </nav>
                </>
              )
            }
          </QueryView>
        </>
      )}
    </section>
  );
}
