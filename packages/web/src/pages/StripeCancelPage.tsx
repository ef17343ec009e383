import { mdiCloseCircleOutline } from '@mdi/js';
import { OutcomePage } from '../components/OutcomePage';
import { usePageTitle } from '../components/usePageTitle';

/** /stripe/cancel: the customer left the payment page; nothing was charged. */
export default function StripeCancelPage() {
  usePageTitle('Paiement annulé');
  return (
    <OutcomePage icon={mdiCloseCircleOutline} iconClass="text-muted" title="Paiement annulé" next={{ href: '/pricing', label: 'Revoir les offres' }}>
      <p className="mt-3 text-muted">Le paiement n’a pas été effectué et aucun montant n’a été débité. Vous pouvez reprendre quand vous le souhaitez.</p>
    </OutcomePage>
  );
}
