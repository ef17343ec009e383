import { mdiCheckCircle } from '@mdi/js';
import { Link, useSearch } from 'wouter';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '../components/ui';

/** /stripe/success: the payment provider sends the customer back here once the payment went through. */
export default function StripeSuccessPage() {
  usePageTitle('Paiement confirmé');
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <Icon path={mdiCheckCircle} size={64} className="mx-auto text-success" />
      <h1 id="page-title" className="mt-4 text-3xl font-bold">
        Paiement confirmé
      </h1>
      <p className="mt-3 text-muted">Merci ! Votre abonnement Sortie Pro est activé. Vous recevrez la facture par e-mail dans quelques minutes.</p>
      {sessionId && (
        <p className="mt-2 text-xs text-muted">
          Référence du paiement : <span className="font-mono break-all">{sessionId}</span>
        </p>
      )}
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
