import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { mdiMagnify, mdiMenu } from '@mdi/js';
import { Link, useLocation } from 'wouter';
import { pathFor } from '@sortie/core';
import { usePreferredCity } from '../app/preferences';
import { AccountMenu } from '../components/AccountMenu';
import { CityPicker } from '../components/CityPicker';
import { Icon } from '../components/Icon';

function useNavLinks() {
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
    <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-black tracking-tight" aria-label="Sortie, accueil">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-white" aria-hidden="true">
        S
      </span>
      <span className="hidden min-[400px]:inline">Sortie</span>
    </Link>
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
          <CityPicker />
          <Link href="/search" className="rounded-full p-2 text-muted hover:bg-white/5 hover:text-white">
            <Icon path={mdiMagnify} size={22} label="Rechercher" />
          </Link>
          <AccountMenu />
          <Menu>
            <MenuButton className="rounded-full p-2 text-muted hover:bg-white/5 hover:text-white md:hidden">
              <Icon path={mdiMenu} size={22} label="Menu" />
            </MenuButton>
            <MenuItems anchor="bottom end" className="z-50 mt-2 w-56 rounded-xl bg-surface p-1 shadow-2xl ring-1 ring-line focus:outline-none">
              {links.map((link) => (
                <MenuItem key={link.match}>
                  <Link href={link.href} className="block rounded-lg px-3 py-2 text-sm data-focus:bg-white/10">
                    {link.label}
                  </Link>
                </MenuItem>
              ))}
            </MenuItems>
          </Menu>
        </div>
      </div>
    </header>
  );
}
