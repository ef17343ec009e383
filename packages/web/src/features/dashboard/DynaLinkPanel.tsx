import { useDynaLinkVisits } from '../../data/dashboard-panels';
import { EmptyState, QueryView } from '../../data/QueryView';
import { formatShortDate, formatTime } from '../../format';
import { CopyButton } from './CopyButton';
import { PANEL_CLASS, type DashboardRecord } from './panel-styles';
import { QrCode } from './QrCode';
import { useShortUrl } from './use-short-url';
import { LinkStatsPanel } from './LinkStatsPanel';
import { UtmBuilder } from './UtmBuilder';

/** A dynamic link's short address, its QR code, its statistics, its UTM builder and its last visits. */
export function DynaLinkPanel({ record, onChanged }: { record: DashboardRecord; onChanged: () => void }) {
  const shortUrl = useShortUrl()(String(record['shortCode'] ?? ''));
  const visits = useDynaLinkVisits(record._id);
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
