import { Link, useLocation } from 'wouter';
import { DASHBOARD_LINKS, type DashboardLink } from './dashboard-sections';
import { Header } from './Header';
import { Main, type LayoutProps } from './Main';

const ALL_HREFS = ['/dashboard', ...DASHBOARD_LINKS.resources.map((l) => l.href), ...DASHBOARD_LINKS.tools.map((l) => l.href)];

/** The navigation entry of an address: the longest one it starts with (/dashboard/places/types is not « Lieux »). */
export function currentHref(location: string): string | undefined {
  const path = location.split('?')[0]!;
  return ALL_HREFS.filter((href) => path === href || (href !== '/dashboard' && path.startsWith(`${href}/`))).sort((a, b) => b.length - a.length)[0];
}

function NavLink({ entry, location }: { entry: DashboardLink; location: string }) {
  const current = currentHref(location) === entry.href;
  return (
    <li>
      <Link
        href={entry.href}
        aria-current={current ? 'page' : undefined}
        className={`flex items-center justify-between gap-2 rounded-lg px-3 py-1.5 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-accent ${current ? 'bg-white/10 font-semibold text-white' : 'text-muted hover:bg-white/5 hover:text-white'}`}
      >
        {entry.label}
        {entry.adminOnly && (
          <span className="rounded bg-accent/15 px-1.5 text-[10px] font-semibold tracking-wide text-accent uppercase" title="Modifications réservées aux administrateurs">
            Admin
          </span>
        )}
      </Link>
    </li>
  );
}

function DashboardNav() {
  const [location] = useLocation();
  const heading = 'px-3 text-xs font-semibold tracking-wide text-muted uppercase';
  return (
    <nav aria-label="Tableau de bord" className="border-b border-line p-3 md:sticky md:top-0 md:max-h-dvh md:w-60 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0">
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        <NavLink entry={{ href: '/dashboard', label: 'Accueil' }} location={location} />
      </ul>
      <p className={`mt-3 ${heading}`} id="nav-resources">
        Contenus
      </p>
      <ul aria-labelledby="nav-resources" className="mt-1 flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {DASHBOARD_LINKS.resources.map((entry) => (
          <NavLink key={entry.href} entry={entry} location={location} />
        ))}
      </ul>
      <p className={`mt-3 ${heading}`} id="nav-tools">
        Outils
      </p>
      <ul aria-labelledby="nav-tools" className="mt-1 flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {DASHBOARD_LINKS.tools.map((entry) => (
          <NavLink key={entry.href} entry={entry} location={location} />
        ))}
      </ul>
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
