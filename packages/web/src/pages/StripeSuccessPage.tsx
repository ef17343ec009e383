import { mdiCheckCircle, mdiInformationOutline } from '@mdi/js';
import { useSearch } from 'wouter';
import { STRIPE_NOT_CONFIGURED_MESSAGE, STRIPE_NOTHING_PAID_MESSAGE, statusOf } from '@sortie/core';
import { OutcomePage } from '../components/OutcomePage';
import { usePageTitle } from '../components/usePageTitle';
import { useStripeSession } from '../data/stripe';
import { Skeleton } from '../data/QueryView';
import { apiErrorMessage } from '../data/api-error-message';
import { formatDateTime } from '../format';

/**
 * /stripe/success?session_id=…: Stripe sends the customer back here, but the address proves
 * nothing (anyone can type it). The page asks the server, which asks Stripe, and says the
 * subscription is active only once Stripe confirmed that this account paid this session.
 */
export default function StripeSuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id')?.trim() || null;
  const check = useStripeSession(sessionId);
  const confirmed = check.status === 'success' && check.data.paid;
  usePageTitle(confirmed ? 'Paiement confirmé' : sessionId && check.status === 'loading' ? 'Vérification du paiement' : 'Aucun paiement');

  if (sessionId && check.status === 'loading') {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title" aria-busy="true">
        <h1 id="page-title" className="text-3xl font-bold">
          Vérification du paiement
        </h1>
        <p className="mt-3 text-muted" role="status">
          Nous vérifions auprès de Stripe que le paiement a bien été reçu…
        </p>
        <div className="mt-6">
          <Skeleton lines={2} label="Vérification du paiement" />
        </div>
      </section>
    );
  }

  if (confirmed) {
    const subscription = check.data.paid ? check.data.subscription : null;
    return (
      <OutcomePage icon={mdiCheckCircle} iconClass="text-success" title="Paiement confirmé" next={{ href: '/dashboard', label: 'Aller au tableau de bord' }}>
        <p className="mt-3 text-muted">Merci ! Votre abonnement Sortie Pro est activé. Stripe vous envoie la facture par e-mail.</p>
        {subscription?.currentPeriodEnd && <p className="mt-2 text-sm text-muted">Période payée jusqu’au {formatDateTime(subscription.currentPeriodEnd)}.</p>}
        <p className="mt-2 text-xs text-muted">
          Référence du paiement : <span className="font-mono break-all">{sessionId}</span>
        </p>
      </OutcomePage>
    );
  }

  // No id, a forged or unpaid one, someone else's, or the server could not tell: nothing is claimed.
  const message = !sessionId
    ? `${STRIPE_NOTHING_PAID_MESSAGE} L’adresse ne contient pas de référence de paiement.`
    : check.status === 'error'
      ? statusOf(check.error) === 503
        ? STRIPE_NOT_CONFIGURED_MESSAGE
        : apiErrorMessage(check.error)
      : check.status === 'success' && !check.data.paid
        ? check.data.message
        : STRIPE_NOTHING_PAID_MESSAGE;
  return (
    <OutcomePage icon={mdiInformationOutline} iconClass="text-muted" title="Aucun paiement" next={{ href: '/pricing', label: 'Voir les tarifs' }}>
      <p className="mt-3 text-muted" role="alert">
        {message}
      </p>
      <p className="mt-2 text-sm text-muted">Aucun abonnement n’a été activé. Si vous avez été débité, écrivez-nous avec la référence ci-dessous.</p>
      {sessionId && (
        <p className="mt-2 text-xs text-muted">
          Référence : <span className="font-mono break-all">{sessionId}</span>
        </p>
      )}
    </OutcomePage>
  );
}
