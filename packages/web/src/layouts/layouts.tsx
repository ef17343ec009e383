import type { ReactNode } from 'react';
import { lazy } from '../components/lazy-retry';
import type { Layout } from '@sortie/core';
import { Footer } from './Footer';
import { Header } from './Header';
import { Main, type LayoutProps } from './Main';

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

// The dashboard's navigation lists core's resources (and their schemas): it loads with the dashboard.
const DashboardLayout = lazy(() => import('./DashboardLayout'));

export const LAYOUTS: Record<Layout, (props: LayoutProps) => ReactNode> = {
  default: DefaultLayout,
  landing: LandingLayout,
  empty: EmptyLayout,
  dashboard: DashboardLayout,
};
