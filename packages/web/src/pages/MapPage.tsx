import { PlaceholderPage } from '../components/PlaceholderPage';

export default function MapPage() {
  return <PlaceholderPage title="Carte" description="Les lieux et événements autour de vous." />;
}
