import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function DocsPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Documentation" description="Guides pour les organisateurs et les lieux.">
      {params['slug'] && (
        <p className="mt-2 text-sm text-muted">
          Rubrique : <span className="font-mono">{params['slug']}</span>
        </p>
      )}
    </PlaceholderPage>
  );
}
