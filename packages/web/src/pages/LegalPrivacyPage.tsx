import { PlaceholderPage } from '../components/PlaceholderPage';

export default function LegalPrivacyPage() {
  return <PlaceholderPage title="Politique de confidentialité" description="Comment Sortie traite vos données personnelles." />;
}
