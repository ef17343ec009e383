import type { ReactNode } from 'react';

/** Whether a stored address may be followed: http and https only (no javascript:, data:…). */
export function isWebAddress(value: string | undefined | null): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A link that leaves Sortie in a new tab; nothing at all for an unsafe address. */
export function ExternalLink({ href, children, className }: { href: string | undefined | null; children: ReactNode; className?: string }) {
  if (!isWebAddress(href)) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className ?? 'font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent'}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
