import { OPERATION_ROUTES, TIME_ZONE } from '@sortie/core';
import { useApiQuery } from '../../../data/useApiQuery';
import { EmptyState, QueryView } from '../../../data/QueryView';

const STATUS_LABELS = { kept: 'gardé ici (pas de SMTP)', sent: 'envoyé', failed: 'échec de l’envoi' } as const;
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });

/**
 * The mails Sortie sent, or kept in the database when no SMTP server is configured (the
 * embedded default, the demo): what would have gone out, newest first.
 */
export function Mailbox() {
  const mails = useApiQuery('dashboard-mailbox', (api) => api.call(OPERATION_ROUTES.mailbox, { query: { limit: 20 } }));
  return (
    <section aria-labelledby="mailbox-title" className="space-y-3">
      <h2 id="mailbox-title" className="text-lg font-semibold">
        Boîte d’envoi
      </h2>
      <p className="text-sm text-muted">Sans serveur SMTP (SMTP_URL), les e-mails restent ici : vous voyez ce qui serait parti.</p>
      <QueryView query={mails}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState>Aucun e-mail pour l’instant.</EmptyState>
          ) : (
            <ul className="divide-y divide-line rounded-xl ring-1 ring-line">
              {page.items.map((mail) => (
                <li key={mail.id} className="p-3">
                  <details>
                    <summary className="cursor-pointer">
                      <span className="font-medium">{mail.subject}</span>
                      <span className="text-sm text-muted">
                        {' '}
                        — à {mail.to}, le {dateTime.format(new Date(mail.createdAt))}, {STATUS_LABELS[mail.status]}
                      </span>
                    </summary>
                    {mail.error && <p className="mt-2 text-sm text-error">{mail.error}</p>}
                    <pre className="mt-2 whitespace-pre-wrap font-sans text-sm">{mail.text}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
