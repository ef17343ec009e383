import { Suspense, lazy } from 'react';
import { mdiChevronDown, mdiMagnify, mdiMapMarker, mdiMenu } from '@mdi/js';
import { Link, useLocation } from 'wouter';
import { pathFor } from '@sortie/core';
import { usePreferredCity } from '../services/preferences';
import { Icon } from '../components/Icon';

// The header's menus (headless UI, and the session for the account) load right after the
// first paint, so that the landing page's JavaScript stays small; until then each shows an
// inert stand-in of the same size.
const AccountMenu = lazy(() => import('../components/AccountMenu'));
const CityPicker = lazy(() => import('../components/CityPicker'));
const MobileMenu = lazy(() => import('../components/MobileMenu'));

export function useNavLinks() {
  const [city] = usePreferredCity();
  return [
    { href: pathFor('home', { city }), label: 'Agenda', match: '/home' },
    { href: '/places', label: 'Lieux', match: '/places' },
    { href: '/map', label: 'Carte', match: '/map' },
    { href: '/jobOffers', label: 'Emplois', match: '/jobOffers' },
    { href: '/blog', label: 'Blog', match: '/blog' },
  ];
}

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-black tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-background" aria-hidden="true">
        S
      </span>
      {/* The name is the visible text (WCAG 2.5.3, label in name); below 400 px only the mark shows. */}
      <span className="sr-only min-[400px]:not-sr-only">Sortie</span>
      <span className="sr-only">, accueil</span>
    </Link>
  );
}

function CityStandIn() {
  const [city] = usePreferredCity();
  return (
    <span className="flex max-w-[7.5rem] min-[400px]:max-w-[9rem] items-center gap-1 rounded-full border border-line px-3 py-1.5 text-sm font-medium sm:max-w-none" aria-hidden="true">
      <Icon path={mdiMapMarker} size={18} className="shrink-0 text-primary" />
      <span className="truncate">{city}</span>
      <Icon path={mdiChevronDown} size={18} className="shrink-0 text-muted" />
    </span>
  );
}

/** The site's header: navigation, city picker, search and account. */
export function Header({ transparent = false }: { transparent?: boolean }) {
  const links = useNavLinks();
  const [location] = useLocation();
  return (
    <header className={`sticky top-0 z-30 border-b ${transparent ? 'border-transparent bg-background/60' : 'border-line bg-background/90'} backdrop-blur`}>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <Logo />
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => {
              const current = location.startsWith(link.match);
              return (
                <li key={link.match}>
                  <Link
                    href={link.href}
                    aria-current={current ? 'page' : undefined}
                    className={`rounded-full px-3 py-1.5 text-sm font-medium hover:bg-white/5 ${current ? 'text-white' : 'text-muted'}`}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Suspense fallback={<CityStandIn />}>
            <CityPicker />
          </Suspense>
          <Link href="/search" className="rounded-full p-2 text-muted hover:bg-white/5 hover:text-white">
            <Icon path={mdiMagnify} size={22} label="Rechercher" />
          </Link>
          <Suspense fallback={<span className="size-9 animate-pulse rounded-full bg-white/10" aria-hidden="true" />}>
            <AccountMenu />
          </Suspense>
          <Suspense fallback={<Icon path={mdiMenu} size={22} className="m-2 text-muted md:hidden" />}>
            <MobileMenu links={links} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
