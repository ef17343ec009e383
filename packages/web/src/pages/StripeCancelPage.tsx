import { PlaceholderPage } from '../components/PlaceholderPage';

export default function StripeCancelPage() {
  return <PlaceholderPage title="Paiement annulé" description="Votre paiement a été annulé : vous n’avez pas été débité." />;
}
