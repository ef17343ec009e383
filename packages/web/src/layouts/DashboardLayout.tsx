import { Link, useLocation } from 'wouter';
import { DASHBOARD_LINKS } from './dashboard-sections';
import { Header } from './Header';
import { Main, type LayoutProps } from './layouts';

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

export default function DashboardLayout({ children }: LayoutProps) {
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
