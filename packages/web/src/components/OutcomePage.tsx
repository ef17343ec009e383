import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon } from './Icon';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './ui';

/**
 * The page a visitor lands on after leaving Sortie for a payment: a large icon, what happened,
 * and where to go next (one main link, then « Retour à l’accueil »).
 */
export function OutcomePage({ icon, iconClass, title, next, children }: { icon: string; iconClass: string; title: string; next: { href: string; label: string }; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <Icon path={icon} size={64} className={`mx-auto ${iconClass}`} />
      <h1 id="page-title" className="mt-4 text-3xl font-bold">
        {title}
      </h1>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href={next.href} className={BUTTON_CLASS}>
          {next.label}
        </Link>
        <Link href="/" className={SECONDARY_BUTTON_CLASS}>
          Retour à l’accueil
        </Link>
      </div>
    </section>
  );
}
