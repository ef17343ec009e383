import { Link } from 'wouter';
import { pathFor, type BlogPost } from '@sortie/core';
import { usePageHead } from '../components/usePageTitle';
import { blogPostingJsonLd, breadcrumbsJsonLd, summary } from '../seo/structured-data';
import { useBlogPost } from '../data/blog';
import { Markdown, withoutLeadingTitle } from '../components/Markdown';
import { ReadingBar } from '../components/ReadingBar';
import { LINK_CLASS, PageFrame, DetailQuery } from '../components/ui';
import { formatDate } from '../format';
import type { PageProps } from './types';

/** /blog/{slug}: one article, its markdown rendered safely. */
export default function BlogPostPage({ params }: PageProps) {
  const slug = params['slug']!;
  const query = useBlogPost(slug);
  return (
    <>
      <ReadingBar section={{ href: '/blog', label: 'Blog' }} />
      <DetailQuery query={query} title="Article" loading="Chargement de l’article…">
        {(post) => (
          <PageFrame
            title={post.title}
            lead={
              <p className="text-sm">
                {post.publishedAt ? `Publié le ${formatDate(post.publishedAt)} · ` : 'Brouillon · '}
                {post.author}
              </p>
            }
          >
            <article className="mt-6">
              <BlogPostHead post={post} />
              {post.coverImage && <img src={post.coverImage} alt="" className="mb-6 aspect-video w-full rounded-2xl object-cover" />}
              {post.excerpt && <p className="text-lg text-muted">{post.excerpt}</p>}
              <Markdown source={withoutLeadingTitle(post.body, post.title)} />
            </article>
            <p className="mt-10">
              <Link href="/blog" className={LINK_CLASS}>
                ← Tous les articles
              </Link>
            </p>
          </PageFrame>
        )}
      </DetailQuery>
    </>
  );
}

/** What a link to the article shows, and its structured data. */
function BlogPostHead({ post }: { post: BlogPost }) {
  usePageHead(
    { title: post.title, description: post.excerpt || summary(post.body), ...(post.coverImage ? { image: post.coverImage } : {}), imageAlt: post.title, type: 'article' },
    (origin) => [blogPostingJsonLd(post, origin), breadcrumbsJsonLd([{ name: 'Blog', path: pathFor('blog') }, { name: post.title, path: pathFor('blogPost', { slug: post.slug }) }], origin)],
  );
  return null;
}
