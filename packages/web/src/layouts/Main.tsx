import type { ReactNode } from 'react';

export const MAIN_ID = 'contenu';

export interface LayoutProps {
  children: ReactNode;
}

/** The target of the skip link; focusable so that the skip link moves the keyboard there. */
export function Main({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`focus:outline-none ${className ?? ''}`}>
      {children}
    </main>
  );
}
