import { PlaceholderPage } from '../components/PlaceholderPage';

export default function LegalPage() {
  return <PlaceholderPage title="Mentions légales" />;
}
