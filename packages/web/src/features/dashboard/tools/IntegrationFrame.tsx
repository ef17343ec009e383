import type { ReactNode } from 'react';
import { ToolHeading } from './ToolHeading';

/**
 * The frame of an integration's tool page (Instagram, Bright Data, Stripe, Test): the title and its
 * one line of purpose, « À quoi sert cette page : » in a sentence, then the page.
 */
export function IntegrationFrame({ title, lead, purpose, wide = false, children }: { title: string; lead?: ReactNode; purpose: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className={`${wide ? 'max-w-4xl' : 'max-w-3xl'} space-y-4`}>
      <ToolHeading title={title}>{lead}</ToolHeading>
      <p>
        <strong>À quoi sert cette page :</strong> {purpose}
      </p>
      {children}
    </section>
  );
}

/** What the page cannot do on this server (an integration not configured, a check reserved to admins), in a dashed box. */
export function UnavailableNotice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="rounded-xl border border-dashed border-line bg-surface/60 p-4 text-sm">
      {children}
    </p>
  );
}
