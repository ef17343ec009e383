import { PlaceholderPage } from '../components/PlaceholderPage';

export default function SpotifyPage() {
  return <PlaceholderPage title="Connexion à Spotify" description="Retour de la connexion à Spotify." />;
}
