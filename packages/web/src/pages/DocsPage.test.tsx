import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./DocsPage')]);
}, 60_000);


const doc = (path: string[], title: string, order: number) => ({
  _id: anId(130 + order), path, title, body: `# ${title}\n\nCette page explique : ${title.toLowerCase()}.`, order, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
});
const api = () =>
  new FakeProductApi().seed(
    'docPages',
    doc(['organisateurs', 'liens-courts'], 'Les liens courts', 3),
    doc(['demarrer'], 'Démarrer', 0),
    doc(['organisateurs'], 'Pour les organisateurs', 2),
    doc(['demarrer', 'compte'], 'Créer un compte', 1),
  );

describe('/docs/{slug...}', () => {
  it('shows the page at its path, with the tree of pages beside it', async () => {
    await renderApp({ path: '/docs/organisateurs/liens-courts', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Les liens courts' })).toBeTruthy();
    expect(screen.getByText('Cette page explique : les liens courts.')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Pages de la documentation' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Démarrer', '/docs/demarrer'],
      ['Créer un compte', '/docs/demarrer/compte'],
      ['Pour les organisateurs', '/docs/organisateurs'],
      ['Les liens courts', '/docs/organisateurs/liens-courts'],
    ]);
    expect(nav.getByRole('link', { name: 'Les liens courts' }).getAttribute('aria-current')).toBe('page');
    // The child sits inside its parent's item.
    expect(nav.getByRole('link', { name: 'Pour les organisateurs' }).closest('li')!.textContent).toContain('Les liens courts');
  });

  it('moves between pages through the tree and the previous / next links', async () => {
    const { user, navigator } = await renderApp({ path: '/docs/demarrer/compte', api: api() });
    await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
    const neighbours = within(screen.getByRole('navigation', { name: 'Pages voisines' }));
    expect(neighbours.getByRole('link', { name: '← Démarrer' })).toBeTruthy();
    await user.click(neighbours.getByRole('link', { name: 'Pour les organisateurs →' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pour les organisateurs' })).toBeTruthy();
    expect(navigator.location).toBe('/docs/organisateurs');
  });

  it('opens the first page at /docs, and says when a page does not exist', async () => {
    await renderApp({ path: '/docs', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Démarrer' })).toBeTruthy();
  });

  it('says when a page does not exist', async () => {
    await renderApp({ path: '/docs/nulle-part', api: api() });
    expect(await screen.findByText('Cette page de documentation n’existe pas : choisissez-en une dans la liste.')).toBeTruthy();
  });
});
