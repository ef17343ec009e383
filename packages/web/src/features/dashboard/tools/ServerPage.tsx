import { formatDuration } from '@sortie/core';
import { useServerInfo } from '../../../data/dashboard';
import { QueryView } from '../../../data/QueryView';
import { formatDateTime, formatNumber } from '../../../format';
import { ToolHeading } from './ToolHeading';


export default function ServerPage() {
  const info = useServerInfo();
  return (
    <section aria-labelledby="page-title">
      <ToolHeading title="Serveur">L’état du serveur de Sortie en ce moment.</ToolHeading>
      <QueryView query={info}>
        {(data) => (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {[
                ['Santé', data.health === 'ok' ? 'Opérationnel' : 'En difficulté : la base de données ne répond pas'],
                ['Version', data.version],
                ['Démarré depuis', formatDuration(data.uptimeSeconds)],
                ['Base de données', data.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embarquée)'],
                ['Connexions temps réel', formatNumber(data.sockets)],
                ['Node.js', data.node],
              ].map(([term, value]) => (
                <div key={term} className="rounded-xl bg-surface p-4 ring-1 ring-line">
                  <dt className="text-sm text-muted">{term}</dt>
                  <dd className={`mt-1 text-lg font-semibold ${term === 'Santé' && data.health !== 'ok' ? 'text-error' : ''}`}>{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-muted">Démarré le {formatDateTime(data.startedAt)}.</p>
            <button type="button" onClick={info.reload} className="mt-3 rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-white/5 focus-visible:outline-2">
              Actualiser
            </button>
          </>
        )}
      </QueryView>
    </section>
  );
}
