import { NavigatorPort, STRIPE_VARIABLES, grantsSortiePro, subscriptionStatusLabel, type StripeStatus } from '@sortie/core';
import { useStripeStatus, useStripeSubscriptions } from '../../../data/stripe';
import { EmptyState, QueryView, Skeleton } from '../../../data/QueryView';
import { formatDateTime } from '../../../format';
import { ScrollBox } from '../../../components/ui';
import { useUseCase } from '../../../services/container-context';
import { IntegrationFrame } from './IntegrationFrame';

const cell = 'border-b border-line p-2 text-left align-top';

/**
 * /dashboard/stripe: what the Stripe integration does, which variables configure it and the
 * webhook address to paste into Stripe; once configured, the Sortie Pro subscriptions and their state.
 */
export default function StripePage() {
  const status = useStripeStatus();
  return (
    <IntegrationFrame
      wide
      title="Stripe"
      purpose="encaisser les abonnements Sortie Pro avec Stripe Checkout, laisser chaque abonné gérer ses factures et sa carte dans le portail client de Stripe, et suivre ici l’état de chaque abonnement, tenu à jour par les notifications signées (webhooks) que Stripe envoie au serveur."
    >
      <QueryView query={status} skeleton={<Skeleton lines={4} label="Chargement de la configuration Stripe" />}>
        {(data) => (
          <>
            <Setup status={data} />
            {data.configured && <Subscriptions />}
          </>
        )}
      </QueryView>
    </IntegrationFrame>
  );
}

function Setup({ status }: { status: StripeStatus }) {
  // The address this dashboard is served from: the one Stripe must call (behind the same proxy).
  const webhookUrl = `${useUseCase(NavigatorPort).currentUrl().origin}${status.webhookPath}`;
  return (
    <>
      {status.configured ? (
        <p role="status" className="rounded-xl border border-success/40 bg-success/10 p-4">
          Stripe est configuré : la page Tarifs propose l’abonnement Sortie Pro.
        </p>
      ) : (
        <p role="note" className="rounded-xl border border-dashed border-line bg-surface/60 p-4 text-muted">
          L’intégration Stripe n’est pas configurée sur ce serveur : aucun paiement n’est possible, et la page Tarifs indique comment nous contacter. Variables manquantes :{' '}
          {status.missing.join(', ')}.
        </p>
      )}
      <h2 className="text-lg font-semibold">Configuration</h2>
      <p className="text-sm">Ces variables d’environnement se règlent sur le serveur (jamais dans le navigateur), puis le serveur redémarre :</p>
      <dl className="space-y-2 text-sm">
        {STRIPE_VARIABLES.map((variable) => (
          <div key={variable.name}>
            <dt className="font-mono font-semibold">
              {variable.name} {status.missing.includes(variable.name) ? <span className="font-sans font-normal text-muted">(manquante)</span> : <span className="font-sans font-normal text-success">(renseignée)</span>}
            </dt>
            <dd className="text-muted">{variable.help}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        Dans le tableau de bord de Stripe (Développeurs → Webhooks), ajoutez l’adresse <code className="font-mono break-all">{webhookUrl}</code> avec les événements{' '}
        <code>checkout.session.completed</code>, <code>customer.subscription.updated</code> et <code>customer.subscription.deleted</code>, puis copiez son secret de signature dans STRIPE_WEBHOOK_SECRET.
      </p>
    </>
  );
}

function Subscriptions() {
  const list = useStripeSubscriptions();
  return (
    <>
      <h2 className="text-lg font-semibold">Abonnements</h2>
      <QueryView query={list} skeleton={<Skeleton lines={4} label="Chargement des abonnements" />}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState>Aucun abonnement pour l’instant.</EmptyState>
          ) : (
            <ScrollBox label="Abonnements Sortie Pro">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">Abonnements Sortie Pro et leur état</caption>
                <thead>
                  <tr>
                    <th scope="col" className={cell}>Compte</th>
                    <th scope="col" className={cell}>État</th>
                    <th scope="col" className={cell}>Payé jusqu’au</th>
                    <th scope="col" className={cell}>Mis à jour</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((subscription) => (
                    <tr key={subscription.subscriptionId}>
                      <th scope="row" className={cell}>
                        {subscription.userLabel ?? 'Compte inconnu'}
                      </th>
                      <td className={cell}>
                        {subscriptionStatusLabel(subscription.status)}
                        <span className="block text-xs text-muted">{grantsSortiePro(subscription.status) ? 'Sortie Pro actif' : 'Sans accès Sortie Pro'}</span>
                      </td>
                      <td className={cell}>{subscription.currentPeriodEnd ? formatDateTime(subscription.currentPeriodEnd) : '—'}</td>
                      <td className={cell}>{formatDateTime(subscription.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )
        }
      </QueryView>
    </>
  );
}
