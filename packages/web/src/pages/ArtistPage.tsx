import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function ArtistPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Artiste">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['id']}</span>
      </p>
    </PlaceholderPage>
  );
}
