import { Link } from 'wouter';
import type { DocPage, Page } from '@sortie/core';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useApiQuery } from '../data/useApiQuery';
import { Markdown, withoutLeadingTitle } from '../components/Markdown';
import { usePageTitle } from '../components/usePageTitle';
import { ReadingBar } from '../components/ReadingBar';
import { docTree, readingOrder, type DocNode } from '../features/docs/doc-tree';
import type { PageProps } from './types';

function DocNav({ nodes, current }: { nodes: readonly DocNode[]; current: string }) {
  return (
    <ul className="space-y-1">
      {nodes.map((node) => (
        <li key={node.href}>
          <Link
            href={node.href}
            aria-current={node.href === current ? 'page' : undefined}
            className="block rounded px-2 py-1 text-sm hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent aria-[current=page]:bg-primary/15 aria-[current=page]:font-semibold"
          >
            {node.page.title}
          </Link>
          {node.children.length > 0 && (
            <div className="ml-3 border-l border-line pl-2">
              <DocNav nodes={node.children} current={current} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /docs/{slug...}: a documentation page with the tree of every page beside it. */
export default function DocsPage({ params }: PageProps) {
  const slug = (params['slug'] ?? '').replace(/^\/+|\/+$/g, '');
  const query = useApiQuery('docs', (api) => api.list<DocPage>('docPages', { limit: 100 }) as Promise<Page<DocPage>>);
  return (
    <>
      <ReadingBar section={{ href: '/docs', label: 'Documentation' }} />
      <div className="mx-auto max-w-5xl px-4 py-8">
        <QueryView query={query} skeleton={<Skeleton lines={8} label="Chargement de la documentation…" />}>
          {({ items }) => <DocsView pages={items} slug={slug} />}
        </QueryView>
      </div>
    </>
  );
}

function DocsView({ pages, slug }: { pages: DocPage[]; slug: string }) {
  const tree = docTree(pages);
  const order = readingOrder(tree);
  const current = slug ? order.find((node) => node.page.path.join('/') === slug) : order[0];
  usePageTitle(current ? `${current.page.title} · Documentation` : 'Documentation');
  const index = current ? order.indexOf(current) : -1;
  const previous = index > 0 ? order[index - 1] : undefined;
  const next = index >= 0 ? order[index + 1] : undefined;

  return (
    <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Pages de la documentation" className="md:sticky md:top-4 md:self-start">
        <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">Documentation</p>
        {tree.length ? <DocNav nodes={tree} current={current?.href ?? ''} /> : <p className="text-sm text-muted">Aucune page pour le moment.</p>}
      </nav>
      <article aria-labelledby="page-title" className="min-w-0">
        {current ? (
          <>
            <h1 id="page-title" className="text-3xl font-bold tracking-tight">
              {current.page.title}
            </h1>
            <Markdown source={withoutLeadingTitle(current.page.body, current.page.title)} className="mt-4" />
            <nav aria-label="Pages voisines" className="mt-10 flex flex-wrap justify-between gap-4 border-t border-line pt-4 text-sm">
              {previous ? (
                <Link href={previous.href} className="text-accent hover:underline">
                  ← {previous.page.title}
                </Link>
              ) : (
                <span />
              )}
              {next && (
                <Link href={next.href} className="text-accent hover:underline">
                  {next.page.title} →
                </Link>
              )}
            </nav>
          </>
        ) : (
          <>
            <h1 id="page-title" className="text-3xl font-bold tracking-tight">
              {pages.length ? 'Page introuvable' : 'Documentation'}
            </h1>
            <div className="mt-4">
              <EmptyState>{pages.length ? 'Cette page de documentation n’existe pas : choisissez-en une dans la liste.' : 'La documentation arrive bientôt.'}</EmptyState>
            </div>
          </>
        )}
      </article>
    </div>
  );
}
