import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '@sortie/core';
import { FakeProductApi, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./BlogPage'), import('./BlogPostPage')]);
}, 60_000);


const post = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: anId(120 + n), slug: `article-${n}`, title: `Article ${n}`, excerpt: `Résumé ${n}.`, body: `# Article ${n}\n\nCorps de l’article ${n}.`, publishedAt: '2026-01-1' + (n % 10) + 'T09:00:00Z', author: 'L’équipe Sortie',
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', ...overrides,
});

describe('/blog', () => {
  it('lists the articles with their excerpt, date and author, linked to their page', async () => {
    await renderApp({ path: '/blog', api: new FakeProductApi().seed('blogPosts', post(1), post(2)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Article 1' }).getAttribute('href')).toBe('/blog/article-1');
    expect(screen.getByText('Résumé 2.')).toBeTruthy();
    expect(screen.getByText('dimanche 11 janvier 2026 · L’équipe Sortie')).toBeTruthy();
  });

  it('pages through older articles', async () => {
    const api = new FakeProductApi().seed('blogPosts', ...Array.from({ length: 11 }, (_, i) => post(i + 1)));
    const { user } = await renderApp({ path: '/blog', api });
    await screen.findByRole('link', { name: 'Article 1' });
    await user.click(screen.getByRole('button', { name: 'Articles plus anciens' }));
    expect(await screen.findByRole('link', { name: 'Article 10' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Article 1' })).toBeNull();
    expect(api.lastCallTo('list')).toEqual(['blogPosts', { limit: 9, offset: 9 }]);
  });

  it('says when nothing is published', async () => {
    await renderApp({ path: '/blog' });
    expect(await screen.findByText('Aucun article publié pour le moment.')).toBeTruthy();
  });
});

describe('/blog/{slug}', () => {
  it('shows the article, its body rendered from markdown without repeating the title', async () => {
    const api = new FakeProductApi().answer('get', (resource: string, slug: string) => {
      expect([resource, slug]).toEqual(['blogPosts', 'article-1']);
      return post(1, { body: '# Article 1\n\n## Le programme\n\nUn **concert** et [le site](https://www.exemple.fr/).' });
    });
    await renderApp({ path: '/blog/article-1', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Article 1' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Article 1' })).toHaveLength(1);
    expect(screen.getByText('concert').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: /Tous les articles/ }).getAttribute('href')).toBe('/blog');
    expect(screen.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
  });

  it('says in French when the article does not exist', async () => {
    await renderApp({ path: '/blog/inconnu', api: new FakeProductApi().fail('get', new NotFoundError('Article introuvable.')) });
    expect((await screen.findByRole('alert')).textContent).toContain('Article introuvable.');
  });
});
