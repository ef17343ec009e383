import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function TournamentScreenPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Écran du tournoi">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['id']}</span>
      </p>
    </PlaceholderPage>
  );
}
