import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { DocSearchHit } from '@sortie/core';
import { docHref } from './doc-tree';

/** The search box of the docs: it opens /docs?q=…, which lists the pages holding every word. */
export function DocsSearchForm({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const [, navigate] = useLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(q ? `/docs?q=${encodeURIComponent(q)}` : '/docs');
  };
  return (
    <form role="search" aria-label="Rechercher dans la documentation" onSubmit={submit} className="flex gap-2">
      <label className="sr-only" htmlFor="docs-search">
        Rechercher dans la documentation
      </label>
      <input
        id="docs-search"
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Rechercher…"
        minLength={2}
        maxLength={100}
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent"
      />
      <button type="submit" className="rounded-lg bg-primary px-3 py-2 text-sm font-semibold text-background hover:bg-primary/90 focus-visible:outline-2">
        Rechercher
      </button>
    </form>
  );
}

/** The pages found, best first, each with the sentence where the words are. */
export function DocsSearchResults({ q, hits }: { q: string; hits: readonly DocSearchHit[] }) {
  if (!hits.length) return <p className="mt-4 rounded-lg bg-surface p-6 text-sm text-muted">Aucune page ne contient « {q} ». Essayez un autre mot, ou parcourez le sommaire.</p>;
  return (
    <>
      <p className="mt-2 text-sm text-muted" role="status">
        {hits.length === 1 ? '1 page trouvée' : `${hits.length} pages trouvées`} pour « {q} »
      </p>
      <ol aria-label="Résultats de la recherche" className="mt-4 space-y-4">
        {hits.map((hit) => (
          <li key={hit.path.join('/')} className="rounded-lg bg-surface/60 p-4 ring-1 ring-line">
            <Link href={docHref(hit.path)} className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
              {hit.title}
            </Link>
            <p className="mt-1 text-sm text-muted">{hit.excerpt}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
