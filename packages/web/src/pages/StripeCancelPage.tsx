import { mdiCloseCircleOutline } from '@mdi/js';
import { Link } from 'wouter';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '../components/ui';

/** /stripe/cancel: the customer left the payment page; nothing was charged. */
export default function StripeCancelPage() {
  usePageTitle('Paiement annulé');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <Icon path={mdiCloseCircleOutline} size={64} className="mx-auto text-muted" />
      <h1 id="page-title" className="mt-4 text-3xl font-bold">
        Paiement annulé
      </h1>
      <p className="mt-3 text-muted">Le paiement n’a pas été effectué et aucun montant n’a été débité. Vous pouvez reprendre quand vous le souhaitez.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/pricing" className={BUTTON_CLASS}>
          Revoir les offres
        </Link>
        <Link href="/" className={SECONDARY_BUTTON_CLASS}>
          Retour à l’accueil
        </Link>
      </div>
    </section>
  );
}
