import { Link } from 'wouter';

/** The slim bar of the reading pages (blog posts and docs use the empty layout): the way home and back to the index. */
export function ReadingBar({ section }: { section: { href: string; label: string } }) {
  return (
    <nav aria-label="Navigation" className="border-b border-line bg-surface/60">
      <div className="mx-auto flex max-w-5xl items-center gap-4 px-4 py-3 text-sm">
        <Link href="/" className="font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-accent">
          Sortie
        </Link>
        <span aria-hidden="true" className="text-muted">
          /
        </span>
        <Link href={section.href} className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
          {section.label}
        </Link>
      </div>
    </nav>
  );
}
