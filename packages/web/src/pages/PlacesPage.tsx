import { PlaceholderPage } from '../components/PlaceholderPage';

export default function PlacesPage() {
  return <PlaceholderPage title="Lieux" description="Bars, salles de concert, théâtres, cafés-jeux…" />;
}
