import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function DocsPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Documentation" description="Guides pour les organisateurs et les lieux.">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['slug']}</span>
      </p>
    </PlaceholderPage>
  );
}
