import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, API_REFERENCE_PATH, ValidationError, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@sortie/core';
import { useAccountWrites, useMyApiKeys } from '../../../data/account';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { formatDateTime } from '../../../format';
import { ConfirmDialog } from '../ConfirmDialog';
import { CopyButton } from '../CopyButton';
import { ToolHeading } from './ToolHeading';
import { BUTTON_CLASS, COMPACT_FIELD_CLASS } from '../../../components/ui';

const panel = 'space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line';
const scopeNames = (scopes: readonly ApiKeyScope[]) => scopes.map((scope) => API_KEY_SCOPE_LABELS[scope].label).join(', ');

/** The key just made: shown once, with a copy button and what to do with it. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <section aria-labelledby="new-key-title" className="space-y-3 rounded-xl bg-surface p-4 ring-2 ring-accent">
      <h2 id="new-key-title" className="text-lg font-semibold">
        Clé « {created.name} » créée
      </h2>
      <p role="alert" className="text-sm font-semibold text-error">
        Copiez-la maintenant : elle ne sera plus jamais affichée. Gardez-la côté serveur (jamais dans une page web) ; si elle fuit, révoquez-la.
      </p>
      <p className="break-all rounded-lg bg-background p-3 font-mono text-sm" aria-label="Clé d’API">
        {created.key}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={created.key} label="Copier la clé" />
        <button type="button" onClick={onDone} className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-line hover:bg-white/10 focus-visible:outline-2">
          J’ai copié la clé
        </button>
      </div>
      <p className="text-sm text-muted">
        À envoyer dans l’en-tête <code>Authorization: Bearer …</code>, ou dans <code>SORTIE_API_KEY</code> pour la commande <code>sortie</code>.
      </p>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const account = useAccountWrites();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const created = await account.createApiKey({ name: name.trim(), scopes });
      setErrors({});
      setName('');
      setScopes([]);
      onCreated(created);
    } catch (e) {
      setErrors(e instanceof ValidationError ? Object.fromEntries(e.issues.map((issue) => [issue.path.split('.')[0]!, issue.message])) : {});
      setFailure(apiErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <section aria-labelledby="create-key-title" className={panel}>
      <h2 id="create-key-title" className="text-lg font-semibold">
        Créer une clé
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="space-y-1">
          <label htmlFor="api-key-name" className="block text-sm font-medium">
            Nom de la clé
          </label>
          <input id="api-key-name" value={name} maxLength={80} aria-invalid={Boolean(errors['name']) || undefined} aria-describedby={errors['name'] ? 'api-key-name-error' : undefined} onChange={(e) => setName(e.target.value)} className={COMPACT_FIELD_CLASS} placeholder="Affiches du festival, script de la billetterie…" />
          {errors['name'] && (
            <p id="api-key-name-error" className="text-sm text-error">
              {errors['name']}
            </p>
          )}
        </div>
        <fieldset className="space-y-2" aria-describedby={errors['scopes'] ? 'api-key-scopes-error' : undefined}>
          <legend className="text-sm font-medium">Ce que la clé peut faire</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              <span>
                <span className="font-medium">{API_KEY_SCOPE_LABELS[scope].label}</span> <span className="font-mono text-xs text-muted">({scope})</span>
                <span className="block text-muted">{API_KEY_SCOPE_LABELS[scope].description}</span>
              </span>
            </label>
          ))}
          {errors['scopes'] && (
            <p id="api-key-scopes-error" className="text-sm text-error">
              {errors['scopes']}
            </p>
          )}
        </fieldset>
        <button type="submit" disabled={busy} className={BUTTON_CLASS}>
          {busy ? 'Création…' : 'Créer la clé'}
        </button>
        {failure && (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        )}
      </form>
    </section>
  );
}

/** « Clés d’API »: the keys of the signed-in staff member, a form to make one, and a revoke button per key. */
export default function ApiKeysPage() {
  const account = useAccountWrites();
  const [version, setVersion] = useState(0);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const keys = useMyApiKeys(version);

  async function revoke(key: ApiKey) {
    setBusy(true);
    try {
      await account.revokeApiKey(key.id);
      setMessage({ ok: true, text: `La clé « ${key.name} » est révoquée : elle ne fonctionne plus.` });
      setVersion((v) => v + 1);
    } catch (e) {
      setMessage({ ok: false, text: apiErrorMessage(e) });
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <ToolHeading title="Clés d’API">
        Pour un script, une tâche planifiée ou un site partenaire : une clé agit en votre nom, dans la limite des portées choisies. La{' '}
        <a href={API_REFERENCE_PATH} className="text-accent underline">
          référence de l’API
        </a>{' '}
        décrit chaque route.
      </ToolHeading>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-accent' : 'text-error'}`}>
          {message.text}
        </p>
      )}
      <CreateKeyForm
        onCreated={(key) => {
          setCreated(key);
          setMessage(null);
          setVersion((v) => v + 1);
        }}
      />
      <QueryView query={keys}>
        {({ items }: { items: ApiKey[] }) =>
          items.length === 0 ? (
            <EmptyState>Aucune clé active.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Mes clés d’API actives</caption>
                <thead className="text-xs text-muted uppercase">
                  <tr>
                    <th scope="col" className="py-1 pr-3">Nom</th>
                    <th scope="col" className="py-1 pr-3">Portées</th>
                    <th scope="col" className="py-1 pr-3">Début de la clé</th>
                    <th scope="col" className="py-1 pr-3">Créée le</th>
                    <th scope="col" className="py-1 pr-3">Dernier usage</th>
                    <th scope="col" className="py-1"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((key) => (
                    <tr key={key.id} className="border-t border-line align-top">
                      <td className="py-2 pr-3 font-medium">{key.name}</td>
                      <td className="py-2 pr-3">{scopeNames(key.scopes)}</td>
                      <td className="py-2 pr-3 font-mono">{key.prefix}…</td>
                      <td className="py-2 pr-3">{formatDateTime(key.createdAt)}</td>
                      <td className="py-2 pr-3">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'jamais'}</td>
                      <td className="py-2">
                        <button type="button" onClick={() => setRevoking(key)} aria-label={`Révoquer la clé ${key.name}`} className="rounded-lg px-3 py-1.5 text-sm text-error ring-1 ring-error/60 hover:bg-error/10 focus-visible:outline-2">
                          Révoquer
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={revoking !== null}
        title={`Révoquer la clé « ${revoking?.name ?? ''} » ?`}
        confirmLabel="Révoquer la clé"
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      >
        Les scripts qui l’utilisent seront refusés aussitôt. Cette action est définitive.
      </ConfirmDialog>
    </section>
  );
}
