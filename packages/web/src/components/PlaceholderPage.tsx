import type { ReactNode } from 'react';
import { mdiProgressWrench } from '@mdi/js';
import { Link } from 'wouter';
import { Icon } from './Icon';
import { usePageTitle } from './usePageTitle';

/** A page whose content a later issue fills: the route, its layout and its id rules already hold. */
export function PlaceholderPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      {description && <p className="mt-2 text-muted">{description}</p>}
      {children}
      <div className="mt-8 flex items-start gap-3 rounded-xl border border-dashed border-line bg-surface/60 p-4 text-muted">
        <Icon path={mdiProgressWrench} className="mt-0.5 shrink-0 text-accent" />
        <p>
          Cette page est en préparation : son contenu arrive très bientôt.{' '}
          <Link href="/" className="font-semibold text-accent hover:underline">
            Retour à l’accueil
          </Link>
        </p>
      </div>
    </section>
  );
}
