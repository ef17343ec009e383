import { PlaceholderPage } from '../components/PlaceholderPage';

export default function UserLikesPage() {
  return <PlaceholderPage title="Mes favoris" />;
}
