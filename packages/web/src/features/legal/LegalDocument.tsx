import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../format';
import { PageFrame } from '../../components/ui';
import { LEGAL_UPDATED_AT } from './legal-entity';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const OTHER_TEXTS = [
  { href: '/legal', label: 'Mentions légales' },
  { href: '/legal/privacy', label: 'Données personnelles et cookies' },
  { href: '/legal/tou', label: 'Conditions générales d’utilisation' },
];

/** A legal text: its sections with a table of contents, its date, and the way to the other texts. */
export function LegalDocument({ title, intro, sections, current }: { title: string; intro: ReactNode; sections: LegalSection[]; current: string }) {
  return (
    <PageFrame title={title} lead={<p className="text-sm">Dernière mise à jour : {formatDate(LEGAL_UPDATED_AT)}</p>}>
      <div className="mt-4 space-y-3 leading-relaxed">{intro}</div>
      <nav aria-label="Sommaire" className="mt-6 rounded-2xl bg-surface p-4 ring-1 ring-line">
        <p className="font-semibold">Sommaire</p>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titre`} className="mt-8 scroll-mt-20">
          <h2 id={`${section.id}-titre`} className="text-xl font-bold">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed [&_li]:my-1 [&_ul]:list-disc [&_ul]:pl-6">{section.body}</div>
        </section>
      ))}
      <nav aria-label="Autres textes légaux" className="mt-10 border-t border-line pt-4">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {OTHER_TEXTS.filter((text) => text.href !== current).map((text) => (
            <li key={text.href}>
              <Link href={text.href} className="text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                {text.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageFrame>
  );
}

/** A term and its value, for the publisher's and host's details. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="divide-y divide-line rounded-xl bg-surface ring-1 ring-line">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 p-3 sm:grid-cols-3">
          <dt className="text-sm text-muted">{term}</dt>
          <dd className="break-words sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Mail({ to }: { to: string }) {
  return (
    <a href={`mailto:${to}`} className="text-accent underline hover:no-underline">
      {to}
    </a>
  );
}
