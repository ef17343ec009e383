import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { RESOURCES, type ResourceName } from '@sortie/core';
import { useRecord, useRecordWrites } from '../../data/records';
import { QueryView, Skeleton } from '../../data/QueryView';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDateTime } from '../../format';
import { ConfirmDialog } from './ConfirmDialog';
import { ResourceEditor } from './ResourceEditor';
import { ResourceExtras } from './ResourceExtras';
import type { DashboardRecord } from './panel-styles';
import { entityLabel } from './entity-label';
import { listHref } from './resource-config';
import { ReferenceName } from './ReferencePicker';
import { referenceOf } from './schema-fields';
import { useIsAdmin } from './use-is-admin';

type Record_ = Record<string, unknown> & { _id: string };
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The keys of the references a record without a name of its own is known by (a collecte by its collector). */
const NAMING_REFERENCES = ['collectorId', 'eventId', 'placeId', 'userId'];

/** A record's page title: its name, else its kind and what it belongs to (« Collecte · Agenda de la ville »), never its id. */
function RecordTitle({ resource, record }: { resource: ResourceName; record: Record_ }) {
  const name = entityLabel(record);
  if (name) return <>{name}</>;
  const noun = capitalise(RESOURCES[resource].label.one);
  const key = NAMING_REFERENCES.find((k) => typeof record[k] === 'string' && referenceOf(k));
  if (!key) return <>{noun}</>;
  return (
    <>
      {noun} · <ReferenceName resource={referenceOf(key)!} id={record[key] as string} />
    </>
  );
}

/** A record's page: its edit form, what goes with it, and deletion after a confirmation. */
/** A panel a page adds under a record's form, from a feature the dashboard does not import (a tournament's desk). */
export type ExtraPanel = (record: DashboardRecord, onChanged: () => void) => ReactNode;

export function ResourceDetail({ resource, id, extra }: { resource: ResourceName; id: string; extra?: ExtraPanel | undefined }) {
  const records = useRecordWrites();
  const [, navigate] = useLocation();
  const isAdmin = useIsAdmin();
  const [version, setVersion] = useState(0);
  const record = useRecord<Record_>(resource, id, version);
  // The record as last saved by the form, until the next load: the panels beside the form follow it (a raffle closed early can be drawn at once).
  const [saved, setSaved] = useState<{ version: number; record: Record_ } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels = RESOURCES[resource].label;
  const adminOnly = RESOURCES[resource].write === 'admin';

  async function remove() {
    setDeleting(true);
    try {
      await records.remove(resource, id);
      navigate(listHref(resource));
    } catch (e) {
      setError(apiErrorMessage(e));
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label="Fil d’Ariane" className="text-sm text-muted">
        <Link href={listHref(resource)} className="hover:underline">
          {capitalise(labels.many)}
        </Link>{' '}
        ›
      </nav>
      <QueryView query={record} skeleton={<Skeleton lines={8} label={`Chargement : ${labels.one}`} />}>
        {(data) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h1 id="page-title" className="text-2xl font-bold">
                  <RecordTitle resource={resource} record={data} />
                </h1>
                <p className="text-sm text-muted">
                  {capitalise(labels.one)}
                  {typeof data['updatedAt'] === 'string' && ` · modifié ${formatDateTime(data['updatedAt'])}`}
                </p>
              </div>
              <button type="button" disabled={adminOnly && !isAdmin} onClick={() => setConfirming(true)} className="rounded-lg border border-error/50 px-3 py-1.5 text-sm text-error disabled:opacity-40 focus-visible:outline-2">
                Supprimer
              </button>
            </div>
            <p className="text-xs text-muted" data-identifiant="">
              Identifiant : <code className="font-mono select-all">{data._id}</code>
            </p>
            {error && (
              <p role="alert" className="rounded-lg bg-error/10 p-3 text-sm text-error">
                {error}
              </p>
            )}
            <ResourceEditor
              key={`${id}:${version}`}
              resource={resource}
              initial={data}
              readOnly={adminOnly && !isAdmin}
              readOnlyReason={adminOnly && !isAdmin ? 'Réservé aux administrateurs : vous pouvez consulter mais pas modifier (rôles compris).' : undefined}
              onSaved={(record) => setSaved({ version, record: { ...record, _id: data._id } })}
            />
            <ResourceExtras resource={resource} record={saved?.version === version ? saved.record : data} onChanged={() => setVersion((v) => v + 1)} />
            {extra?.(data, () => setVersion((v) => v + 1))}
          </>
        )}
      </QueryView>
      <ConfirmDialog open={confirming} title="Supprimer définitivement ?" confirmLabel="Supprimer" busy={deleting} onClose={() => setConfirming(false)} onConfirm={() => void remove()}>
        Cette action est irréversible.
      </ConfirmDialog>
    </section>
  );
}
