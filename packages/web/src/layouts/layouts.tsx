import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Layout } from '@sortie/core';
import { Footer } from './Footer';
import { Header } from './Header';
import { DASHBOARD_LINKS } from './dashboard-sections';

export const MAIN_ID = 'contenu';

interface LayoutProps {
  children: ReactNode;
}

/** The target of the skip link; focusable so that the skip link moves the keyboard there. */
function Main({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`focus:outline-none ${className ?? ''}`}>
      {children}
    </main>
  );
}

export function DefaultLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="default">
      <Header />
      <Main className="flex-1">{children}</Main>
      <Footer />
    </div>
  );
}

export function LandingLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="landing">
      <Header transparent />
      <Main className="flex-1">{children}</Main>
      <Footer />
    </div>
  );
}

/** Full-screen pages: blind tests, tournament screens, the map. */
export function EmptyLayout({ children }: LayoutProps) {
  return (
    <div className="min-h-dvh" data-layout="empty">
      <Main>{children}</Main>
    </div>
  );
}

function DashboardNav() {
  const [location] = useLocation();
  const link = (href: string, label: string) => {
    const current = location === href || location.startsWith(`${href}/`);
    return (
      <li key={href}>
        <Link
          href={href}
          aria-current={current ? 'page' : undefined}
          className={`block rounded-lg px-3 py-1.5 text-sm ${current ? 'bg-white/10 font-semibold text-white' : 'text-muted hover:bg-white/5 hover:text-white'}`}
        >
          {label}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label="Tableau de bord" className="border-b border-line p-3 md:w-56 md:shrink-0 md:border-r md:border-b-0">
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {link('/dashboard', 'Accueil')}
        {DASHBOARD_LINKS.resources.map((entry) => link(entry.href, entry.label))}
      </ul>
      <p className="mt-4 hidden px-3 text-xs font-semibold tracking-wide text-muted uppercase md:block">Outils</p>
      <ul className="mt-1 hidden flex-col gap-1 md:flex">{DASHBOARD_LINKS.tools.map((entry) => link(entry.href, entry.label))}</ul>
    </nav>
  );
}

export function DashboardLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="dashboard">
      <Header />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
        <DashboardNav />
        <Main className="min-w-0 flex-1 p-4 md:p-6">{children}</Main>
      </div>
    </div>
  );
}

export const LAYOUTS: Record<Layout, (props: LayoutProps) => ReactNode> = {
  default: DefaultLayout,
  landing: LandingLayout,
  empty: EmptyLayout,
  dashboard: DashboardLayout,
};
