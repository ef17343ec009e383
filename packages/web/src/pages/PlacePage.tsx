import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function PlacePage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Lieu">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['id']}</span>
      </p>
    </PlaceholderPage>
  );
}
