import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

export default function BlogPostPage({ params }: PageProps) {
  return (
    <PlaceholderPage title="Article">
      <p className="mt-2 text-sm text-muted">
        Référence : <span className="font-mono">{params['slug']}</span>
      </p>
    </PlaceholderPage>
  );
}
