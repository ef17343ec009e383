// @vitest-environment jsdom
// jsdom: DOMPurify misreads happy-dom's DOM, and the crawl follows the links of the rendered Markdown too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, OPERATIONS, docFromFile, searchDocs, sortDocs } from '@sortie/core/domain';
import { FakeProductApi } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

/*
 * The crawl of issue 23: from /docs, every /docs link the pages show (table of contents,
 * previous / next, links inside the Markdown), and every '/docs…' address written in the web
 * app's sources (the footer, /pro's « guide des premiers pas »…), each opened as a visitor
 * would. The pages are the repository's real Markdown files (packages/server/docs), read as
 * the server reads them (core's docFromFile); none may be the « Page introuvable » page.
 */

const DOCS = join(import.meta.dirname, '..', '..', '..', 'server', 'docs');
const SOURCES = join(import.meta.dirname, '..');

const PAGES = sortDocs(
  (readdirSync(DOCS, { recursive: true, encoding: 'utf8' }) as string[]).filter((name) => name.endsWith('.md')).map((name) => docFromFile(name, readFileSync(join(DOCS, name), 'utf8'))),
);
const titleOf = new Map(PAGES.map((page) => [`/docs/${page.path.join('/')}`, page.title]));

/** The server's three doc operations over the real files. */
const docsApi = () =>
  new FakeProductApi()
    .serve(OPERATIONS.docs, () => ({ items: PAGES.map(({ path, title, description, order }) => ({ path, title, description, order })) }))
    .serve(OPERATIONS.docPage, ({ path }) => {
      const page = PAGES.find((p) => p.path.join('/') === path['*']);
      if (!page) throw new NotFoundError('Page de documentation introuvable.');
      return { _id: `doc-${page.path.join('-')}`, ...page };
    })
    .serve(OPERATIONS.docSearch, ({ query }) => ({ q: query?.q ?? '', items: searchDocs(PAGES, query?.q ?? '') }));

/** Every '/docs…' address written in the web app's own sources (tests aside: they name missing pages on purpose). */
function linksInSources(): Map<string, string> {
  const found = new Map<string, string>();
  const files = (readdirSync(SOURCES, { recursive: true, encoding: 'utf8' }) as string[]).filter((name) => /\.(tsx?|json|html)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('test/'));
  for (const file of files) {
    const text = readFileSync(join(SOURCES, file), 'utf8');
    // Written out ('/docs/a/b', `/docs`) or through the route table (pathFor('docs', { slug: 'a/b' })).
    const written = [...text.matchAll(/['"`(]\/docs((?:\/[a-z0-9-]+)*)\/?(?=[#?'"`)$])/g)].map((match) => `/docs${match[1]}`);
    const routed = [...text.matchAll(/pathFor\(\s*'docs'\s*(?:,\s*\{\s*slug:\s*'([a-z0-9/-]*)'\s*\})?\s*\)/g)].map((match) => normalise(`/docs/${match[1] ?? ''}`));
    for (const address of [...written, ...routed]) if (!found.has(address)) found.set(address, file);
  }
  return found;
}

const normalise = (href: string) => href.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/docs';

beforeAll(async () => {
  await import('./DocsPage');
}, 60_000);

describe('a crawl of /docs and of every link to it', () => {
  it('reads the repository’s pages', () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(10);
    expect(titleOf.get('/docs/organisateurs/premiers-pas')).toBe('Premiers pas pour un lieu');
  });

  it('finds the product’s links to the docs in the web sources, /pro’s guide among them', () => {
    const links = linksInSources();
    expect([...links.keys()]).toEqual(expect.arrayContaining(['/docs', '/docs/organisateurs/premiers-pas']));
  });

  it('opens every page reached from /docs and from the product, and none is « Page introuvable »', async () => {
    const fromSources = linksInSources();
    const queue: Array<{ path: string; from: string }> = [{ path: '/docs', from: 'départ' }, ...[...fromSources].map(([path, file]) => ({ path, from: file }))];
    const visited = new Map<string, string>();
    while (queue.length) {
      const { path, from } = queue.shift()!;
      if (visited.has(path)) continue;
      const view = await renderApp({ path, api: docsApi() });
      const expected = path === '/docs' ? 'Documentation' : titleOf.get(path);
      // A link to a page that does not exist: the page is the 404, which the assertion names.
      const heading = await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(heading.textContent).not.toMatch(/^$/));
      expect(`${path} (lien de ${from}) : ${heading.textContent}`).toBe(`${path} (lien de ${from}) : ${expected ?? 'une page de la documentation'}`);
      expect(document.body.textContent, path).not.toContain('Page introuvable');
      expect(document.title, path).toBe(`${path === '/docs' ? 'Documentation' : `${expected} · Documentation`} · Sortie`);
      if (path !== '/docs') {
        // The Markdown drawn, its links with it: the page's h2 sections are there.
        await waitFor(() => expect(document.querySelector('article h2'), path).not.toBeNull());
      }
      visited.set(path, from);
      for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href^="/docs"]')) {
        const next = normalise(anchor.getAttribute('href')!);
        if (!visited.has(next)) queue.push({ path: next, from: path });
      }
      view.unmount();
    }
    // Every page of the table of contents was reached by following links.
    expect([...visited.keys()].sort()).toEqual(['/docs', ...titleOf.keys()].sort());
  }, 120_000);
});
