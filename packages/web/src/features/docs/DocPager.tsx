import { Link } from 'wouter';

type Neighbour = { href: string; title: string } | null;

/** « Page précédente » and « Page suivante », in the table of contents' reading order. */
export function DocPager({ previous, next }: { previous: Neighbour; next: Neighbour }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Pages voisines" className="mt-12 grid gap-3 border-t border-line pt-6 text-sm sm:grid-cols-2">
      {previous ? (
        <Link href={previous.href} rel="prev" className="rounded-lg p-3 ring-1 ring-line hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent">
          <span className="block text-xs text-muted">Page précédente</span>
          <span className="font-semibold text-accent">← {previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link href={next.href} rel="next" className="rounded-lg p-3 text-right ring-1 ring-line hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent">
          <span className="block text-xs text-muted">Page suivante</span>
          <span className="font-semibold text-accent">{next.title} →</span>
        </Link>
      )}
    </nav>
  );
}
