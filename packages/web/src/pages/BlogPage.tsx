import { Link } from 'wouter';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useBlogPage } from '../data/blog';
import { useSearchParams } from '../components/useSearchParam';
import { PageFrame, SECONDARY_BUTTON_CLASS } from '../components/ui';
import { formatDate } from '../format';

const PAGE_SIZE = 9;

/** /blog: the published articles, newest first. */
export default function BlogPage() {
  const [params, update] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useBlogPage(page, PAGE_SIZE);
  return (
    <PageFrame title="Blog" lead={<p>Nos sélections, nos conseils et les coulisses de Sortie.</p>} wide>
      <QueryView query={query} skeleton={<Skeleton lines={6} label="Chargement des articles…" />}>
        {({ items, meta }) => {
          if (items.length === 0)
            return (
              <div className="mt-6">
                <EmptyState>Aucun article publié pour le moment.</EmptyState>
              </div>
            );
          const pages = Math.max(1, Math.ceil(meta.total / PAGE_SIZE));
          return (
            <>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((post) => (
                  <li key={post._id}>
                    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
                      {post.coverImage && <img src={post.coverImage} alt="" loading="lazy" className="aspect-video w-full object-cover" />}
                      <div className="flex flex-1 flex-col p-4">
                        <h2 className="text-lg font-semibold">
                          <Link href={`/blog/${post.slug}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                            {post.title}
                          </Link>
                        </h2>
                        {post.excerpt && <p className="mt-2 flex-1 text-sm text-muted">{post.excerpt}</p>}
                        <p className="mt-3 text-xs text-muted">
                          {post.publishedAt ? `${formatDate(post.publishedAt)} · ` : ''}
                          {post.author}
                        </p>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav aria-label="Pagination des articles" className="mt-8 flex items-center justify-between gap-3">
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={page <= 1} onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}>
                    Articles plus récents
                  </button>
                  <span className="text-sm text-muted">
                    Page {page} sur {pages}
                  </span>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                    Articles plus anciens
                  </button>
                </nav>
              )}
            </>
          );
        }}
      </QueryView>
    </PageFrame>
  );
}
