import { Suspense } from 'react';
import { lazy } from '../components/lazy-retry';
import { mdiChevronDown, mdiMagnify, mdiMapMarker, mdiMenu } from '@mdi/js';
import { Link, useLocation } from 'wouter';
import { pathFor } from '@sortie/core';
import { usePreferredCity } from '../services/preferences';
import { useServicesRequested } from '../services/container-context';
import { mayBeSignedIn } from '../services/browser-cookies';
import { Icon } from '../components/Icon';
import { SignInButton } from '../components/SignInButton';
import { useOnDemand } from '../components/useOnDemand';

// The header's menus (headless UI) load when the visitor reaches for them, and the account
// menu (the session) once the services are there; until then each is a light button of the
// same size, so that a visitor reading the agenda downloads neither.
const loadCityPicker = () => import('../components/CityPicker');
const loadMobileMenu = () => import('../components/MobileMenu');
const SessionAccount = lazy(() => import('../components/SessionAccount'));
const CityPicker = lazy(loadCityPicker);
const MobileMenu = lazy(loadMobileMenu);

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

const cityButtonClass =
  'flex max-w-[7.5rem] min-[400px]:max-w-[9rem] items-center gap-1 rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:bg-white/5 sm:max-w-none';

function CitySlot() {
  const [city] = usePreferredCity();
  const { wanted, triggers } = useOnDemand(loadCityPicker);
  // Named « Ville : Poitiers », the visible city included (WCAG 2.5.3).
  const standIn = (
    <button type="button" aria-haspopup="listbox" className={cityButtonClass} {...(wanted ? { 'aria-busy': true } : triggers)}>
      <span className="sr-only">Ville : </span>
      <Icon path={mdiMapMarker} size={18} className="shrink-0 text-primary" />
      <span className="truncate">{city}</span>
      <Icon path={mdiChevronDown} size={18} className="shrink-0 text-muted" />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <CityPicker autoOpen />
    </Suspense>
  );
}

function MenuSlot({ links }: { links: ReturnType<typeof useNavLinks> }) {
  const { wanted, triggers } = useOnDemand(loadMobileMenu);
  const standIn = (
    <button type="button" aria-haspopup="menu" className="rounded-full p-2 text-muted hover:bg-white/5 hover:text-white md:hidden" {...(wanted ? { 'aria-busy': true } : triggers)}>
      <Icon path={mdiMenu} size={22} label="Menu" />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MobileMenu links={links} autoOpen />
    </Suspense>
  );
}

/** « Se connecter » until the services are there (a session hint, or any page that needed them), then the account menu. */
function AccountSlot() {
  const requested = useServicesRequested();
  if (!requested) return <SignInButton />;
  return (
    <Suspense fallback={mayBeSignedIn() ? <span className="size-9 animate-pulse rounded-full bg-white/10" aria-hidden="true" /> : <SignInButton />}>
      <SessionAccount />
    </Suspense>
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
          <CitySlot />
          <Link href="/search" className="rounded-full p-2 text-muted hover:bg-white/5 hover:text-white">
            <Icon path={mdiMagnify} size={22} label="Rechercher" />
          </Link>
          <AccountSlot />
          <MenuSlot links={links} />
        </div>
      </div>
    </header>
  );
}
