import { PlaceholderPage } from '../components/PlaceholderPage';

export default function UserBadgesPage() {
  return <PlaceholderPage title="Mes badges" />;
}
