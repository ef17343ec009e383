import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, OPERATIONS, searchDocs, sortDocs, type DocSearchAnswer, type DocSource } from '@sortie/core/domain';
import { FakeProductApi } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { DOC_SEARCH_DEBOUNCE_MS } from '../features/docs/DocsSearch';

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
    await user.type(form.getByRole('combobox', { name: 'Rechercher dans la documentation' }), 'qr affiche');
    await user.click(form.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recherche dans la documentation' })).toBeTruthy();
    expect(navigator.location).toBe('/docs?q=qr%20affiche');
    const results = within(await screen.findByRole('list', { name: 'Résultats de la recherche' }));
    expect(results.getByRole('link', { name: 'Les liens courts' }).getAttribute('href')).toBe('/docs/organisateurs/liens-courts');
    expect(results.getByText(/Un QR code pour chaque affiche/)).toBeTruthy();
    expect(screen.getByText('1 page trouvée pour « qr affiche »')).toBeTruthy();
    expect(fake.callsOf(OPERATIONS.docSearch)).toEqual([{ query: { q: 'qr affiche' } }]);
    // The box keeps what was searched.
    expect((screen.getByRole('combobox', { name: 'Rechercher dans la documentation' }) as HTMLInputElement).value).toBe('qr affiche');
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

describe('the docs search box, as the visitor types', () => {
  /** The docs at /docs/animations, the box, and the clock that lets typing pause. */
  async function typing(fake = api()) {
    const view = await renderApp({ path: '/docs/animations', api: fake });
    await screen.findByRole('heading', { level: 1, name: 'Animer une soirée' });
    const box = screen.getByRole('combobox', { name: 'Rechercher dans la documentation' }) as HTMLInputElement;
    const pause = (ms: number) => act(async () => view.fakes.clock.advance(ms));
    const options = () => screen.queryAllByRole('option').map((option) => option.querySelector('span')!.textContent);
    return { ...view, box, pause, options };
  }

  /** Each search waits until the test answers it: answers can then come back in any order. */
  function heldSearches() {
    const held = new Map<string, (answer: DocSearchAnswer) => void>();
    const fake = api().serve(OPERATIONS.docSearch, ({ query }) => new Promise<DocSearchAnswer>((resolve) => held.set(query?.q ?? '', resolve)));
    const answer = (q: string) => act(async () => held.get(q)!({ q, items: searchDocs(PAGES, q) }));
    return { fake, answer };
  }

  it('asks once typing has paused for the debounce delay, never for fewer than two letters, and lists the pages found', async () => {
    const fake = api();
    const { user, box, pause, options } = await typing(fake);
    await user.type(box, 'q ');
    await pause(DOC_SEARCH_DEBOUNCE_MS * 4);
    expect(fake.callsOf(OPERATIONS.docSearch)).toEqual([]);

    await user.clear(box);
    await user.type(box, 'tour');
    await pause(DOC_SEARCH_DEBOUNCE_MS - 1);
    await user.type(box, 'noi');
    // Each key starts the wait again: nothing yet, DOC_SEARCH_DEBOUNCE_MS - 1 after the last one.
    await pause(DOC_SEARCH_DEBOUNCE_MS - 1);
    expect(fake.callsOf(OPERATIONS.docSearch)).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
    await pause(1);
    expect(fake.callsOf(OPERATIONS.docSearch)).toEqual([{ query: { q: 'tournoi' } }]);

    const list = await screen.findByRole('listbox', { name: 'Pages trouvées' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(options()).toEqual(['Une soirée tournoi', 'Animer une soirée']);
    expect(within(list).getByText(/Tournois et blind tests/)).toBeTruthy();
    expect(screen.getByText('2 résultats').getAttribute('role')).toBe('status');
    await pause(DOC_SEARCH_DEBOUNCE_MS * 4);
    expect(fake.callsOf(OPERATIONS.docSearch)).toHaveLength(1);

    // Back under two letters, the list goes at once and nothing is asked.
    await user.clear(box);
    await user.type(box, 't');
    expect(screen.queryByRole('listbox')).toBeNull();
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    expect(fake.callsOf(OPERATIONS.docSearch)).toHaveLength(1);
  });

  it('moves through the pages with the arrows and opens the chosen one with Enter', async () => {
    const { user, box, pause, options, navigator } = await typing();
    await user.type(box, 'tournoi');
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    const selected = () => screen.getAllByRole('option').findIndex((option) => option.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(-1);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(0);
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(1);
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(selected()).toBe(0);
    expect(options()[0]).toBe('Une soirée tournoi');
    expect(document.activeElement).toBe(box);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Une soirée tournoi' })).toBeTruthy();
    expect(navigator.location).toBe('/docs/animations/tournoi');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the list with Escape, clears the box with a second Escape, and still opens the results page on Enter', async () => {
    const { user, box, pause, navigator } = await typing();
    await user.type(box, 'qr');
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('qr');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}{Escape}');
    expect(box.value).toBe('');

    await user.type(box, 'qr');
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recherche dans la documentation' })).toBeTruthy();
    expect(navigator.location).toBe('/docs?q=qr');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows « Recherche… » while it asks, and never lets an older answer replace a newer one', async () => {
    const { fake, answer } = heldSearches();
    const { user, box, pause, options } = await typing(fake);
    await user.type(box, 'qr');
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('Recherche…')).toBeTruthy();

    await user.clear(box);
    await user.type(box, 'tournoi');
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    expect(fake.callsOf(OPERATIONS.docSearch)).toEqual([{ query: { q: 'qr' } }, { query: { q: 'tournoi' } }]);
    await answer('tournoi');
    expect(options()).toEqual(['Une soirée tournoi', 'Animer une soirée']);

    // The answer to « qr » comes back last: the list still shows « tournoi »'s pages.
    await answer('qr');
    expect(options()).toEqual(['Une soirée tournoi', 'Animer une soirée']);
    expect(screen.getByText('2 résultats')).toBeTruthy();
  });

  it('says in French when no page matches', async () => {
    const { user, box, pause } = await typing();
    await user.type(box, 'tombola');
    await pause(DOC_SEARCH_DEBOUNCE_MS);
    expect(await screen.findByText('Aucun article ne correspond à « tombola ».')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says in French when the search fails', async () => {
    const failing = await typing(
      api().serve(OPERATIONS.docSearch, () => {
        throw new ApiError('fetch failed', { statusCode: 0 });
      }),
    );
    await failing.user.type(failing.box, 'qr');
    await failing.pause(DOC_SEARCH_DEBOUNCE_MS);
    expect(await screen.findByText('La recherche n’a pas abouti. Impossible de joindre Sortie. Vérifiez votre connexion puis réessayez.')).toBeTruthy();
  });
});
