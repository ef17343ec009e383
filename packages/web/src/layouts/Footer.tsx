import { Link } from 'wouter';

const LINKS = [
  { href: '/pro', label: 'Sortie Pro' },
  { href: '/jobOffers', label: 'Offres d’emploi' },
  { href: '/blog', label: 'Blog' },
  { href: '/docs', label: 'Documentation' },
  { href: '/legal', label: 'Mentions légales' },
  { href: '/legal/privacy', label: 'Confidentialité' },
  { href: '/legal/tou', label: 'Conditions d’utilisation' },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Sortie — fait avec soin à Poitiers.</p>
        <nav aria-label="Liens du pied de page">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
