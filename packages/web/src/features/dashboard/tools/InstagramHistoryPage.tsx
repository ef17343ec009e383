import { Link } from 'wouter';
import { useInstagramPublications } from '../../../data/dashboard';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { formatDateTime } from '../../../format';
import { IntegrationFrame } from './IntegrationFrame';

/** /dashboard/instagram/index_old: what was published to Instagram (or refused), by whom and when. */
export default function InstagramHistoryPage() {
  const history = useInstagramPublications();
  return (
    <IntegrationFrame
      wide
      title="Instagram (ancienne version)"
      lead="L’historique des publications Instagram faites depuis Sortie."
      purpose={
        <>
          retrouver ce qui a été publié sur Instagram, quand, par qui, avec le lien du post ou la raison d’un refus.{' '}
          <Link href="/dashboard/instagram" className="underline">
            Publier un événement
          </Link>
        </>
      }
    >
      <QueryView query={history}>
        {({ items }) =>
          items.length ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Publications Instagram</caption>
              <thead>
                <tr>
                  <th scope="col">Événement</th>
                  <th scope="col">Quand</th>
                  <th scope="col">Par</th>
                  <th scope="col">Résultat</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className="border-t border-line">
                    <td className="py-2">
                      <Link href={`/dashboard/events/${item.eventId}`} className="underline">
                        {item.eventTitle}
                      </Link>
                    </td>
                    <td>{formatDateTime(item.createdAt)}</td>
                    <td>{item.userName ?? 'inconnu'}</td>
                    <td>
                      {item.status === 'pending' ? (
                        'Envoyé, sans réponse d’Instagram'
                      ) : item.status === 'published' ? (
                        item.permalink ? (
                          <a href={item.permalink} target="_blank" rel="noreferrer" className="underline">
                            Voir sur Instagram
                          </a>
                        ) : (
                          'Publié'
                        )
                      ) : (
                        <span className="text-error">Échec : {item.error}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <EmptyState>Aucune publication pour l’instant.</EmptyState>
          )
        }
      </QueryView>
    </IntegrationFrame>
  );
}
