import { Link, useSearch } from 'wouter';
import { toErrorPage, type DocArticle } from '@sortie/core';
import { ErrorNotice, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { docSearchQuery, useDocPage, useDocsToc } from '../data/docs';
import { Markdown, withoutLeadingTitle } from '../components/Markdown';
import { usePageHead } from '../components/usePageTitle';
import { ReadingBar } from '../components/ReadingBar';
import { ErrorPage } from '../components/ErrorPage';
import { LINK_CLASS } from '../components/ui';
import { docTree, neighbours, type DocNode } from '../features/docs/doc-tree';
import { DocsNav } from '../features/docs/DocsNav';
import { DocsSearchForm, DocsSearchResults } from '../features/docs/DocsSearch';
import { DocPager } from '../features/docs/DocPager';
import type { PageProps } from './types';

/**
 * /docs/{slug...}: the documentation (Markdown files of the repository, and pages staff add in
 * the back office). /docs is the table of contents, /docs?q=… the search, /docs/a/b a page;
 * a page that does not exist is the site's 404.
 */
export default function DocsPage({ params }: PageProps) {
  const slug = (params['slug'] ?? '').replace(/^\/+|\/+$/g, '');
  const q = (new URLSearchParams(useSearch()).get('q') ?? '').trim();
  const toc = useDocsToc();
  const article = useDocPage(slug || null);

  if (slug && article.status === 'error' && toErrorPage(article.error).statusCode === 404) return <MissingDoc error={article.error} />;

  const tree = toc.status === 'success' ? docTree(toc.data.items) : [];
  const current = slug ? `/docs/${slug}` : '/docs';
  return (
    <>
      <ReadingBar section={{ href: '/docs', label: 'Documentation' }} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="space-y-4 md:sticky md:top-4 md:max-h-[calc(100vh-2rem)] md:self-start md:overflow-y-auto">
          <DocsSearchForm key={q} initial={q} />
          {toc.status === 'loading' ? <Skeleton lines={6} label="Chargement du sommaire…" /> : toc.status === 'error' ? <ErrorNotice error={toc.error} onRetry={toc.reload} /> : <DocsNav tree={tree} current={current} />}
        </aside>
        <div className="min-w-0">
          {slug ? (
            article.status === 'loading' ? (
              <Skeleton lines={10} label="Chargement de la page…" />
            ) : article.status === 'error' ? (
              <ErrorNotice error={article.error} onRetry={article.reload} />
            ) : (
              <DocArticleView article={article.data} tree={tree} />
            )
          ) : q ? (
            <DocsSearchView q={q} />
          ) : (
            <DocsHome tree={tree} />
          )}
        </div>
      </div>
    </>
  );
}

function DocArticleView({ article, tree }: { article: DocArticle; tree: readonly DocNode[] }) {
  usePageHead({ title: `${article.title} · Documentation`, ...(article.description ? { description: article.description } : {}), type: 'article' });
  const { previous, next } = neighbours(tree, `/docs/${article.path.join('/')}`);
  return (
    <article aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        {article.title}
      </h1>
      {article.description && <p className="mt-2 text-lg text-muted">{article.description}</p>}
      {/* The file's own « # Titre » is the h1 above: its « ## » sections are the page's h2. */}
      {/* A wide table (commands, variables) scrolls in its own box on a phone rather than widening the page. */}
      <Markdown source={withoutLeadingTitle(article.body, article.title)} headingOffset={0} className="mt-6 [&_table]:block [&_table]:overflow-x-auto" />
      <DocPager previous={previous} next={next} />
    </article>
  );
}

/** /docs: what the documentation covers, section by section. */
function DocsHome({ tree }: { tree: readonly DocNode[] }) {
  usePageHead({ title: 'Documentation', description: 'Guides pour les lieux, les organisateurs, les développeurs et les hébergeurs de Sortie.' });
  const { next } = neighbours(tree, '/docs');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Documentation
      </h1>
      <p className="mt-2 text-lg text-muted">
        Tout pour publier votre programmation, animer vos soirées, brancher vos outils sur l’API et héberger votre propre Sortie. Commencez par les premiers pas, ou cherchez un mot dans la
        documentation.
      </p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {tree.map((section) => (
          <section key={section.href} aria-labelledby={`section-${section.page.path.join('-')}`} className="rounded-xl bg-surface/60 p-4 ring-1 ring-line">
            <h2 id={`section-${section.page.path.join('-')}`} className="text-lg font-semibold">
              <Link href={section.href} className={LINK_CLASS}>
                {section.page.title}
              </Link>
            </h2>
            {section.page.description && <p className="mt-1 text-sm text-muted">{section.page.description}</p>}
            {section.children.length > 0 && (
              <ul className="mt-3 space-y-1 text-sm">
                {section.children.map((child) => (
                  <li key={child.href}>
                    <Link href={child.href} className="text-accent hover:underline">
                      {child.page.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <DocPager previous={null} next={next} />
    </section>
  );
}

function DocsSearchView({ q }: { q: string }) {
  usePageHead({ title: `« ${q} » · Documentation`, noindex: true });
  const answer = useQuery(docSearchQuery(q));
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Recherche dans la documentation
      </h1>
      {answer.status === 'loading' ? (
        <Skeleton lines={4} label="Recherche…" />
      ) : answer.status === 'error' ? (
        <ErrorNotice error={answer.error} onRetry={answer.reload} />
      ) : (
        <DocsSearchResults q={q} hits={answer.data.items} />
      )}
    </section>
  );
}

/** A page that does not exist: the site's 404, with the way back to the table of contents. */
function MissingDoc({ error }: { error: unknown }) {
  return (
    <>
      <ReadingBar section={{ href: '/docs', label: 'Documentation' }} />
      <ErrorPage error={error} />
      <p className="pb-12 text-center">
        <Link href="/docs" className={LINK_CLASS}>
          Voir le sommaire de la documentation
        </Link>
      </p>
    </>
  );
}
