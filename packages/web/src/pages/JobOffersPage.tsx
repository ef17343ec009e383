import { PlaceholderPage } from '../components/PlaceholderPage';

export default function JobOffersPage() {
  return <PlaceholderPage title="Offres d’emploi" description="Les lieux et organisateurs recrutent : service, bar, technique, communication…" />;
}
