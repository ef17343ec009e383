import { PlaceholderPage } from '../components/PlaceholderPage';

export default function UserFollowingPage() {
  return <PlaceholderPage title="Mes abonnements" />;
}
