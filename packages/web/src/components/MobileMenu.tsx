import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { mdiMenu } from '@mdi/js';
import { Link } from 'wouter';
import { Icon } from './Icon';
import { useAutoOpen } from './useAutoOpen';

/** The main navigation folded into a menu on narrow screens. */
export default function MobileMenu({ links, autoOpen }: { links: Array<{ href: string; label: string; match: string }>; autoOpen?: boolean }) {
  const button = useAutoOpen<HTMLButtonElement>(autoOpen);
  return (
    <Menu>
      <MenuButton ref={button} className="rounded-full p-2 text-muted hover:bg-white/5 hover:text-white md:hidden">
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
  );
}
