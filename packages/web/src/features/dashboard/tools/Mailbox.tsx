import { formatNumericDateTime, MASKED_LINK_TEXT } from '@sortie/core';
import { useMailbox } from '../../../data/dashboard';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { useIsAdmin } from '../use-is-admin';
import { UnavailableNotice } from './IntegrationFrame';

const STATUS_LABELS = { kept: 'gardé ici (pas de SMTP)', sent: 'envoyé', failed: 'échec de l’envoi' } as const;

/**
 * The mail log: the mails Sortie sent, or kept when no SMTP server is configured (the embedded
 * default, the demo), newest first. Admins only (it names every address mailed), and never a
 * personal link: the server keeps them masked.
 */
export function Mailbox() {
  const isAdmin = useIsAdmin();
  return (
    <section aria-labelledby="mailbox-title" className="space-y-3">
      <h2 id="mailbox-title" className="text-lg font-semibold">
        Boîte d’envoi
      </h2>
      {isAdmin ? <MailLog /> : <UnavailableNotice>La boîte d’envoi est réservée aux administrateurs : elle montre à qui Sortie a écrit, et quoi.</UnavailableNotice>}
    </section>
  );
}

function MailLog() {
  const mails = useMailbox();
  return (
    <>
      <p className="text-sm text-muted">
        Sans serveur SMTP (SMTP_URL), les e-mails ne partent pas : vous voyez ici ce qui serait parti. Les liens personnels (nouveau mot de passe, confirmation d’adresse ou de
        participation, désabonnement) n’appartiennent qu’à leur destinataire : ils sont remplacés ici par « {MASKED_LINK_TEXT} ». Sans SMTP, le serveur les affiche dans sa
        console, ou écrit les e-mails complets dans le dossier SORTIE_MAIL_DIR s’il est réglé.
      </p>
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
                        — à {mail.to}, le {formatNumericDateTime(mail.createdAt)}, {STATUS_LABELS[mail.status]}
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
    </>
  );
}
