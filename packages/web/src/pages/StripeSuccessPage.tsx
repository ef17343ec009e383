import { PlaceholderPage } from '../components/PlaceholderPage';

export default function StripeSuccessPage() {
  return <PlaceholderPage title="Paiement confirmé" description="Merci ! Votre paiement a bien été reçu." />;
}
