import { useState } from 'react';
import type { Page } from '@sortie/core';
import { useRoles } from '../../../data/dashboard';
import { useRecordWrites } from '../../../data/records';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { ReferenceName } from '../ReferencePicker';
import { ResourceEditor } from '../ResourceEditor';
import { optionLabel } from '../SchemaForm';
import { ToolHeading } from './ToolHeading';

type Role = { _id: string; userId: string; role: string; eventId?: string; placeId?: string };

/** Who holds which role on events or places; roles are granted and withdrawn here. */
export default function RolesPage({ kind }: { kind: 'events' | 'places' }) {
  const records = useRecordWrites();
  const resource = kind === 'events' ? 'eventRoles' : 'placeRoles';
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const roles = useRoles<Role>(resource, version);
  const title = kind === 'events' ? 'Rôles des événements' : 'Rôles des lieux';

  async function withdraw(id: string) {
    setError(null);
    try {
      await records.remove(resource, id);
      setVersion((v) => v + 1);
    } catch (e) {
      setError(apiErrorMessage(e));
    }
  }

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <ToolHeading title={title}>Qui détient quel rôle sur {kind === 'events' ? 'chaque événement' : 'chaque lieu'}.</ToolHeading>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <QueryView query={roles}>
        {(page: Page<Role>) =>
          page.items.length === 0 ? (
            <EmptyState>Aucun rôle attribué.</EmptyState>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="p-2">
                    Membre
                  </th>
                  <th scope="col" className="p-2">
                    {kind === 'events' ? 'Événement' : 'Lieu'}
                  </th>
                  <th scope="col" className="p-2">
                    Rôle
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((role) => (
                  <tr key={role._id} className="border-t border-line">
                    <td className="p-2">
                      <ReferenceName resource="users" id={role.userId} />
                    </td>
                    <td className="p-2">{kind === 'events' ? <ReferenceName resource="events" id={role.eventId ?? ''} /> : <ReferenceName resource="places" id={role.placeId ?? ''} />}</td>
                    <td className="p-2">{optionLabel(role.role)}</td>
                    <td className="p-2 text-right">
                      <button type="button" onClick={() => void withdraw(role._id)} className="rounded px-2 py-1 text-error hover:bg-white/5 focus-visible:outline-2">
                        Retirer
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
      <section aria-labelledby="grant-title" className="rounded-xl bg-surface/50 p-4 ring-1 ring-line">
        <h2 id="grant-title" className="mb-3 text-lg font-semibold">
          Attribuer un rôle
        </h2>
        <ResourceEditor key={version} resource={resource} onSaved={() => setVersion((v) => v + 1)} />
      </section>
    </section>
  );
}
