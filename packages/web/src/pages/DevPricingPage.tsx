import { PlaceholderPage } from '../components/PlaceholderPage';

export default function DevPricingPage() {
  return <PlaceholderPage title="Tarifs" description="Page de développement des offres." />;
}
