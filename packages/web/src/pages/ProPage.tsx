import { PlaceholderPage } from '../components/PlaceholderPage';

export default function ProPage() {
  return <PlaceholderPage title="Sortie Pro" description="Lieux, organisateurs, associations : publiez vos événements et faites venir du monde." />;
}
