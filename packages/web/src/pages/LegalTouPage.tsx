import { PlaceholderPage } from '../components/PlaceholderPage';

export default function LegalTouPage() {
  return <PlaceholderPage title="Conditions générales d’utilisation" />;
}
