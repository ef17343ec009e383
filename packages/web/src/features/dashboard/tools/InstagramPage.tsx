import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { InstagramEvent, InstagramPublication } from '@sortie/core';
import { useDashboardWrites, useInstagramStatus } from '../../../data/dashboard';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { integrationErrorMessage } from './IntegrationVariables';
import { formatDateTime } from '../../../format';
import { CopyButton } from '../CopyButton';
import { PANEL_BUTTON_CLASS, PANEL_CLASS } from '../panel-styles';
import { IntegrationVariables } from './IntegrationVariables';
import { IntegrationFrame, UnavailableNotice } from './IntegrationFrame';
import { COMPACT_FIELD_CLASS } from '../../../components/ui';


function Composer({ events, configured }: { events: InstagramEvent[]; configured: boolean }) {
  const dashboard = useDashboardWrites();
  const [eventId, setEventId] = useState(events[0]?.id ?? '');
  const event = events.find((e) => e.id === eventId) ?? events[0]!;
  const [caption, setCaption] = useState(event.caption);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<InstagramPublication | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setCaption(event.caption);
    setPublished(null);
    setFailure(null);
  }, [event]);

  async function publish() {
    setBusy(true);
    setFailure(null);
    try {
      setPublished(await dashboard.instagramPublish(event.id, caption));
    } catch (error) {
      setFailure(integrationErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="compose-title" className={PANEL_CLASS}>
      <h2 id="compose-title" className="text-lg font-semibold">
        Préparer une publication
      </h2>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">Événement</span>
        <select className={COMPACT_FIELD_CLASS} value={event.id} onChange={(e) => setEventId(e.target.value)}>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} — {formatDateTime(e.startsAt)}
            </option>
          ))}
        </select>
      </label>
      <div className="space-y-1 text-sm">
        <label htmlFor="instagram-caption" className="block font-medium">
          Légende
        </label>
        <textarea id="instagram-caption" aria-describedby="instagram-caption-count" className={`${COMPACT_FIELD_CLASS} min-h-48`} value={caption} maxLength={2200} onChange={(e) => setCaption(e.target.value)} />
        <p id="instagram-caption-count" className="text-muted">
          {caption.length} / 2200 caractères
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <a className={PANEL_BUTTON_CLASS} href={event.visualPath} download>
          Télécharger le visuel
        </a>
        <CopyButton text={caption} label="Copier la légende" />
        {configured && (
          <button type="button" className="rounded-lg bg-accent px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50" disabled={busy || !caption.trim()} onClick={() => void publish()}>
            {busy ? 'Publication…' : 'Publier sur Instagram'}
          </button>
        )}
      </div>
      {published && (
        <p role="status" className="text-sm">
          Publié sur Instagram.{' '}
          {published.permalink ? (
            <a className="underline" href={published.permalink} target="_blank" rel="noreferrer">
              Voir la publication
            </a>
          ) : null}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
    </section>
  );
}

/** /dashboard/instagram: an event's visual and caption, published to Instagram when configured, downloaded and copied otherwise. */
export default function InstagramPage() {
  const status = useInstagramStatus();
  return (
    <IntegrationFrame
      title="Instagram"
      lead="Publier le visuel et la légende d’un événement sur le compte Instagram professionnel du lieu."
      purpose={
        <>
          choisir un événement à venir, relire sa légende, puis publier son visuel carré (fait par le designer, avec le QR code de son lien court) sur Instagram.{' '}
          <Link href="/dashboard/instagram/index_old" className="underline">
            Historique des publications
          </Link>
        </>
      }
    >
      <QueryView query={status}>
        {(data) => (
          <>
            {data.configured ? (
              <p role="note" className="rounded-xl bg-surface/60 p-4 text-sm">
                Instagram est configuré : « Publier sur Instagram » envoie le visuel et la légende par l’API Graph.
              </p>
            ) : (
              <UnavailableNotice>
                Instagram n’est pas configuré sur ce serveur : téléchargez le visuel et copiez la légende, puis publiez-les depuis l’application Instagram. Pour publier d’ici, définissez les variables ci-dessous.
              </UnavailableNotice>
            )}
            {data.warning && (
              <p role="alert" className="rounded-xl bg-surface/60 p-4 text-sm text-error">
                {data.warning}
              </p>
            )}
            {data.events.length ? <Composer events={data.events} configured={data.configured} /> : <EmptyState>Aucun événement à venir.</EmptyState>}
            {!data.configured && <IntegrationVariables variables={data.variables} />}
          </>
        )}
      </QueryView>
    </IntegrationFrame>
  );
}
