import { mdiCheckCircle, mdiInformationOutline } from '@mdi/js';
import { Link, useSearch } from 'wouter';
import { OPERATION_ROUTES, STRIPE_NOT_CONFIGURED_MESSAGE, STRIPE_NOTHING_PAID_MESSAGE, statusOf } from '@sortie/core';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '../components/ui';
import { useApiQuery } from '../data/useApiQuery';
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
  const check = useApiQuery(sessionId ? `stripe-session:${sessionId}` : null, (api) => api.call(OPERATION_ROUTES.stripeSession, { path: { id: sessionId! } }));
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
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
        <Icon path={mdiCheckCircle} size={64} className="mx-auto text-success" />
        <h1 id="page-title" className="mt-4 text-3xl font-bold">
          Paiement confirmé
        </h1>
        <p className="mt-3 text-muted">Merci ! Votre abonnement Sortie Pro est activé. Stripe vous envoie la facture par e-mail.</p>
        {subscription?.currentPeriodEnd && <p className="mt-2 text-sm text-muted">Période payée jusqu’au {formatDateTime(subscription.currentPeriodEnd)}.</p>}
        <p className="mt-2 text-xs text-muted">
          Référence du paiement : <span className="font-mono break-all">{sessionId}</span>
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/dashboard" className={BUTTON_CLASS}>
            Aller au tableau de bord
          </Link>
          <Link href="/" className={SECONDARY_BUTTON_CLASS}>
            Retour à l’accueil
          </Link>
        </div>
      </section>
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
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <Icon path={mdiInformationOutline} size={64} className="mx-auto text-muted" />
      <h1 id="page-title" className="mt-4 text-3xl font-bold">
        Aucun paiement
      </h1>
      <p className="mt-3 text-muted" role="alert">
        {message}
      </p>
      <p className="mt-2 text-sm text-muted">Aucun abonnement n’a été activé. Si vous avez été débité, écrivez-nous avec la référence ci-dessous.</p>
      {sessionId && (
        <p className="mt-2 text-xs text-muted">
          Référence : <span className="font-mono break-all">{sessionId}</span>
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/pricing" className={BUTTON_CLASS}>
          Voir les tarifs
        </Link>
        <Link href="/" className={SECONDARY_BUTTON_CLASS}>
          Retour à l’accueil
        </Link>
      </div>
    </section>
  );
}
