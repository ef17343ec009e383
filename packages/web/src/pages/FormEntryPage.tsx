import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function FormEntryPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Votre réponse">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['entryCode']}</span>
      </p>
    </PlaceholderPage>
  );
}
