import { PlaceholderPage } from '../components/PlaceholderPage';

export default function SearchPage() {
  return <PlaceholderPage title="Recherche" description="Événements, lieux, artistes, organisations." />;
}
