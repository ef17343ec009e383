import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function ChampionshipPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Championnat">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['championshipId']}</span>
      </p>
    </PlaceholderPage>
  );
}
