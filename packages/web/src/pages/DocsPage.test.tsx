import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, OPERATIONS, searchDocs, sortDocs, type DocSource } from '@sortie/core/domain';
import { FakeProductApi } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./DocsPage')]);
}, 60_000);

const doc = (path: string, title: string, order: number, text: string, description = ''): DocSource => ({ path: path.split('/'), title, description, order, body: `# ${title}\n\n${text}` });
const PAGES = sortDocs([
  doc('organisateurs/liens-courts', 'Les liens courts', 3, 'Un QR code pour chaque affiche.', 'Adresses courtes et QR codes.'),
  doc('animations', 'Animer une soirée', 20, 'Tournois et blind tests.', 'Les jeux en direct.'),
  doc('organisateurs', 'Pour les organisateurs', 10, 'Publier sa programmation.', 'Lieux et organisations.'),
  doc('organisateurs/premiers-pas', 'Premiers pas pour un lieu', 1, 'Créez votre compte, puis la fiche du lieu.', 'Du compte au premier événement.'),
  doc('animations/tournoi', 'Une soirée tournoi', 1, 'Le tableau en direct.'),
]);

/** The server's three doc operations over PAGES, as packages/server answers them. */
const api = () =>
  new FakeProductApi()
    .serve(OPERATIONS.docs, () => ({ items: PAGES.map(({ path, title, description, order }) => ({ path, title, description, order })) }))
    .serve(OPERATIONS.docPage, ({ path }) => {
      const page = PAGES.find((p) => p.path.join('/') === path['*']);
      if (!page) throw new NotFoundError('Page de documentation introuvable.');
      return { _id: `doc-${page.path.join('-')}`, ...page };
    })
    .serve(OPERATIONS.docSearch, ({ query }) => ({ q: query?.q ?? '', items: searchDocs(PAGES, query?.q ?? '') }));

const toc = () => within(screen.getByRole('navigation', { name: 'Sommaire de la documentation' }));

describe('/docs/{slug...}', () => {
  it('shows the page at its path, titled, with its description and text, and the table of contents beside it', async () => {
    await renderApp({ path: '/docs/organisateurs/liens-courts', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Les liens courts' })).toBeTruthy();
    expect(screen.getByText('Adresses courtes et QR codes.')).toBeTruthy();
    expect(await screen.findByText('Un QR code pour chaque affiche.')).toBeTruthy();
    expect(document.title).toBe('Les liens courts · Documentation · Sortie');
    expect(toc().getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Documentation', '/docs'],
      ['Pour les organisateurs', '/docs/organisateurs'],
      ['Premiers pas pour un lieu', '/docs/organisateurs/premiers-pas'],
      ['Les liens courts', '/docs/organisateurs/liens-courts'],
      ['Animer une soirée', '/docs/animations'],
      ['Une soirée tournoi', '/docs/animations/tournoi'],
    ]);
    expect(toc().getByRole('link', { name: 'Les liens courts' }).getAttribute('aria-current')).toBe('page');
    expect(toc().getByRole('link', { name: 'Premiers pas pour un lieu' }).getAttribute('aria-current')).toBeNull();
    // A child sits inside its parent's item.
    expect(toc().getByRole('link', { name: 'Pour les organisateurs' }).closest('li')!.textContent).toContain('Les liens courts');
  });

  it('folds the table of contents under « Sommaire » on a phone, and opens it on demand', async () => {
    const { user } = await renderApp({ path: '/docs/organisateurs', api: api() });
    await screen.findByRole('heading', { level: 1, name: 'Pour les organisateurs' });
    const button = toc().getByRole('button', { name: 'Sommaire' });
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(list.className).toMatch(/(^| )hidden( |$)/);
    expect(list.className).toContain('md:block');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.className).not.toMatch(/(^| )hidden( |$)/);
  });

  it('moves between pages in reading order with « page précédente » and « page suivante »', async () => {
    const { user, navigator } = await renderApp({ path: '/docs/organisateurs/liens-courts', api: api() });
    await screen.findByRole('heading', { level: 1, name: 'Les liens courts' });
    const neighbours = () => within(screen.getByRole('navigation', { name: 'Pages voisines' }));
    expect(neighbours().getByRole('link', { name: /Page précédente.*Premiers pas pour un lieu/ }).getAttribute('href')).toBe('/docs/organisateurs/premiers-pas');
    await user.click(neighbours().getByRole('link', { name: /Page suivante.*Animer une soirée/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Animer une soirée' })).toBeTruthy();
    expect(navigator.location).toBe('/docs/animations');
    expect(neighbours().getByRole('link', { name: /Page suivante.*Une soirée tournoi/ })).toBeTruthy();
  });

  it('has no « page suivante » on the last page, and leads back to the table of contents from the first', async () => {
    await renderApp({ path: '/docs/animations/tournoi', api: api() });
    await screen.findByRole('heading', { level: 1, name: 'Une soirée tournoi' });
    const neighbours = within(screen.getByRole('navigation', { name: 'Pages voisines' }));
    expect(neighbours.queryByRole('link', { name: /Page suivante/ })).toBeNull();
    expect(neighbours.getByRole('link', { name: /Page précédente.*Animer une soirée/ })).toBeTruthy();
  });

  it('opens on the table of contents at /docs: each section, its pages, and the first page next', async () => {
    await renderApp({ path: '/docs', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeTruthy();
    const section = within(screen.getByRole('region', { name: 'Pour les organisateurs' }));
    expect(section.getByText('Lieux et organisations.')).toBeTruthy();
    expect(section.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/docs/organisateurs', '/docs/organisateurs/premiers-pas', '/docs/organisateurs/liens-courts']);
    expect(screen.getByRole('region', { name: 'Animer une soirée' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pages voisines' })).getByRole('link', { name: /Page suivante.*Pour les organisateurs/ })).toBeTruthy();
    expect(document.title).toBe('Documentation · Sortie');
  });

  it('searches the docs: the words typed open /docs?q=…, which lists the pages found with their excerpt', async () => {
    const fake = api();
    const { user, navigator } = await renderApp({ path: '/docs/animations', api: fake });
    await screen.findByRole('heading', { level: 1, name: 'Animer une soirée' });
    const form = within(screen.getByRole('search', { name: 'Rechercher dans la documentation' }));
    await user.type(form.getByRole('searchbox', { name: 'Rechercher dans la documentation' }), 'qr affiche');
    await user.click(form.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recherche dans la documentation' })).toBeTruthy();
    expect(navigator.location).toBe('/docs?q=qr%20affiche');
    const results = within(await screen.findByRole('list', { name: 'Résultats de la recherche' }));
    expect(results.getByRole('link', { name: 'Les liens courts' }).getAttribute('href')).toBe('/docs/organisateurs/liens-courts');
    expect(results.getByText(/Un QR code pour chaque affiche/)).toBeTruthy();
    expect(screen.getByText('1 page trouvée pour « qr affiche »')).toBeTruthy();
    expect(fake.callsOf(OPERATIONS.docSearch)).toEqual([{ query: { q: 'qr affiche' } }]);
    // The box keeps what was searched.
    expect((screen.getByRole('searchbox', { name: 'Rechercher dans la documentation' }) as HTMLInputElement).value).toBe('qr affiche');
  });

  it('says when nothing matches', async () => {
    await renderApp({ path: '/docs?q=tombola', api: api() });
    expect(await screen.findByText('Aucune page ne contient « tombola ». Essayez un autre mot, ou parcourez le sommaire.')).toBeTruthy();
  });

  it('answers a page that does not exist with the site’s 404 page, and the way back to the table of contents', async () => {
    await renderApp({ path: '/docs/nulle-part', api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(screen.getByTestId('error-message').textContent).toBe('Page de documentation introuvable.');
    expect(screen.getByRole('link', { name: 'Voir le sommaire de la documentation' }).getAttribute('href')).toBe('/docs');
  });
});
