import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/usePageTitle';

/** The title and one line of purpose at the top of a dashboard tool. */
export function ToolHeading({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className="mb-4">
      <h1 id="page-title" className="text-2xl font-bold">
        {title}
      </h1>
      {children && <p className="mt-1 text-sm text-muted">{children}</p>}
    </header>
  );
}
