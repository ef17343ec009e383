import { useState } from 'react';
import { useDynaLinkVisits } from '../../data/dashboard-panels';
import { useRecordWrites } from '../../data/records';
import { apiErrorMessage } from '../../data/api-error-message';
import { EmptyState, QueryView } from '../../data/QueryView';
import { formatShortDate, formatTime } from '../../format';
import { CopyButton } from './CopyButton';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';
import { QrCode } from './QrCode';
import { useShortUrl } from './use-short-url';
import { LinkStatsPanel } from './LinkStatsPanel';
import { UtmBuilder } from './UtmBuilder';
import { ReferenceName } from './ReferencePicker';

/** A dynamic link's short address, its QR code, its statistics, its UTM builder and its last visits. */
export function DynaLinkPanel({ record, onChanged }: { record: DashboardRecord; onChanged: () => void }) {
  const shortUrl = useShortUrl()(String(record['shortCode'] ?? ''));
  const visits = useDynaLinkVisits(record._id);
  const page = record['page'] as { placeId?: string; organizationId?: string } | null | undefined;
  return (
    <>
      <section className={PANEL_CLASS} aria-labelledby="short-title">
        <h2 id="short-title" className="text-lg font-semibold">
          Adresse courte
        </h2>
        <p className="flex flex-wrap items-center gap-3">
          <a href={shortUrl} className="font-mono text-accent hover:underline" target="_blank" rel="noopener noreferrer">
            {shortUrl}
          </a>
          <CopyButton text={shortUrl} label="Copier l’adresse courte" />
        </p>
        {page?.placeId || page?.organizationId ? (
          <p className="text-sm" data-testid="link-page-note">
            Ce lien ouvre la page de liens {page.placeId ? 'du lieu' : 'de l’organisation'}{' '}
            <strong>{page.placeId ? <ReferenceName resource="places" id={page.placeId} /> : <ReferenceName resource="organizations" id={page.organizationId!} />}</strong> : ses prochains événements et ses liens, à ses couleurs. Ses visites sont comptées comme celles d’une redirection.
          </p>
        ) : null}
        {record['protected'] === true && <RemovePassword linkId={record._id} onChanged={onChanged} />}
        {/* `?q`: its scans are counted apart in the statistics (issue 36). */}
        <QrCode text={`${shortUrl}?q`} />
      </section>
      <LinkStatsPanel linkId={record._id} shortCode={String(record['shortCode'] ?? '')} />
      {/* Reset to the saved destination whenever it changes. */}
      <UtmBuilder key={String(record['url'] ?? '')} record={record} onChanged={onChanged} />
      <section className={PANEL_CLASS} aria-labelledby="visits-title">
        <h2 id="visits-title" className="text-lg font-semibold">
          Dernières visites
        </h2>
        <QueryView query={visits}>
          {(page) => (
            <>
              <p className="text-sm text-muted">{page.meta.total} visite(s) au total.</p>
              {page.items.length === 0 ? (
                <EmptyState>Aucune visite pour l’instant.</EmptyState>
              ) : (
                <ul className="max-h-48 overflow-auto text-sm">
                  {page.items.slice(0, 20).map((visit, i) => (
                    <li key={i} className="border-t border-line py-1">
                      {formatShortDate(visit.datetime)} {formatTime(visit.datetime)} — <span className="text-muted">{visit.userAgent}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryView>
      </section>
    </>
  );
}

/**
 * A protected link's password taken away (the form's password field, blank, leaves it as it
 * is): the link then redirects without asking for one.
 */
function RemovePassword({ linkId, onChanged }: { linkId: string; onChanged: () => void }) {
  const records = useRecordWrites();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await records.update('dynaLinks', linkId, { password: '' });
      onChanged();
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-3 text-sm" data-testid="link-password">
      Ce lien demande un mot de passe avant de rediriger.
      <button type="button" className={PANEL_BUTTON_CLASS} disabled={busy} onClick={() => void remove()}>
        Retirer le mot de passe
      </button>
      {failure && (
        <span role="alert" className="text-error">
          {failure}
        </span>
      )}
    </span>
  );
}
