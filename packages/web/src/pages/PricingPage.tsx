import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { NavigatorPort, SessionService, STRIPE_NOT_CONFIGURED_MESSAGE, isStaffRoles, statusOf, type StripeStatus } from '@sortie/core';
import { BUTTON_CLASS, LINK_CLASS, Notice, PageFrame, SECONDARY_BUTTON_CLASS } from '../components/ui';
import { usePageTitle } from '../components/usePageTitle';
import { useStripeStatus, useStripeWrites } from '../data/stripe';
import { ErrorNotice, Skeleton } from '../data/QueryView';
import { apiErrorMessage } from '../data/api-error-message';
import { PRICING_PLANS, planPrice, withVat } from '../features/pricing/pricing';
import { useUseCase } from '../services/container-context';

/**
 * /pricing: the plans, and for Sortie Pro either the way to pay (Stripe Checkout, for a venue's
 * team account) or, when the server has no Stripe keys, how to get in touch instead.
 */
export default function PricingPage() {
  usePageTitle('Tarifs');
  const status = useStripeStatus();
  return (
    <PageFrame title="Tarifs" lead={<p>Sortie est gratuit pour se faire connaître ; Sortie Pro ajoute les outils des lieux et des organisateurs qui programment toute l’année.</p>} wide>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {PRICING_PLANS.map((plan) => (
          <li key={plan.id} className={`rounded-xl border p-5 ${plan.highlighted ? 'border-primary bg-primary/10' : 'border-line'}`} aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`} className="text-xl font-bold">
              {plan.id === 'pro' ? 'Sortie Pro' : plan.name}
            </h2>
            <p className="text-sm text-muted">{plan.summary}</p>
            <p className="mt-3 text-2xl font-bold">
              {planPrice(plan.monthlyCents)}
              {plan.monthlyCents ? <span className="text-sm font-normal text-muted"> HT par mois ({planPrice(withVat(plan.monthlyCents))} TTC)</span> : null}
            </p>
            <ul className="mt-3 list-disc pl-5 text-sm">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <section className="mt-8" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title" className="text-xl font-bold">
          S’abonner à Sortie Pro
        </h2>
        {status.status === 'loading' ? (
          <Skeleton lines={2} label="Chargement des moyens de paiement" />
        ) : status.status === 'error' ? (
          <ErrorNotice error={status.error} onRetry={status.reload} />
        ) : status.data.configured ? (
          <Subscribe />
        ) : (
          <Contact status={status.data} />
        )}
      </section>
    </PageFrame>
  );
}

/** Payment is not configured on this server: no pay button, a way to get in touch. */
function Contact({ status }: { status: StripeStatus }) {
  return (
    <Notice>
      <p>Le paiement en ligne n’est pas ouvert sur ce site pour l’instant : aucun paiement ne peut y être fait.</p>
      {status.contactEmail ? (
        <p className="mt-2">
          Pour souscrire à Sortie Pro, écrivez-nous à{' '}
          <a className={LINK_CLASS} href={`mailto:${status.contactEmail}?subject=${encodeURIComponent('Abonnement Sortie Pro')}`}>
            {status.contactEmail}
          </a>{' '}
          : nous vous répondons avec un devis et une facture.
        </p>
      ) : (
        <p className="mt-2">Pour souscrire à Sortie Pro, contactez l’équipe qui gère ce site Sortie : elle vous établira un devis et une facture.</p>
      )}
    </Notice>
  );
}

/** A venue's team account opens Stripe Checkout; anyone else is told what to do. */
function Subscribe() {
  const session = useUseCase(SessionService);
  const stripe = useStripeWrites();
  const navigator = useUseCase(NavigatorPort);
  const { user } = useSnapshot(session.state);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  if (!user) return <p className="mt-2">Connectez-vous avec le compte de votre lieu ou de votre organisation pour vous abonner.</p>;
  if (!isStaffRoles(user.roles)) return <p className="mt-2">L’abonnement se prend depuis un compte de l’équipe d’un lieu ou d’un organisateur. Demandez à l’équipe de Sortie d’ouvrir l’accès à votre compte.</p>;

  const checkout = async () => {
    setState({ busy: true, error: null });
    try {
      const { url } = await stripe.checkout();
      navigator.redirect(url);
    } catch (error) {
      setState({ busy: false, error: statusOf(error) === 503 ? STRIPE_NOT_CONFIGURED_MESSAGE : apiErrorMessage(error) });
    }
  };
  const portal = async () => {
    setState({ busy: true, error: null });
    try {
      const { url } = await stripe.portal();
      navigator.redirect(url);
    } catch (error) {
      setState({ busy: false, error: apiErrorMessage(error) });
    }
  };
  return (
    <div className="mt-3 space-y-3">
      <p>Le paiement se fait sur la page sécurisée de Stripe (carte bancaire ou prélèvement SEPA). Vous revenez ensuite sur Sortie.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={BUTTON_CLASS} disabled={state.busy} onClick={() => void checkout()}>
          S’abonner à Sortie Pro
        </button>
        <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={state.busy} onClick={() => void portal()}>
          Gérer mon abonnement
        </button>
      </div>
      {state.error && <p role="alert">{state.error}</p>}
      <p className="text-sm text-muted">
        Une question avant de vous abonner ? <Link href="/pro" className={LINK_CLASS}>Découvrir Sortie Pro</Link>
      </p>
    </div>
  );
}
