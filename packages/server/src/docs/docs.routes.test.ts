import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docLinksIn, markdownToPlainText } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { SERVER_PATHS } from '../runtime-paths';

type Summary = { path: string[]; title: string; description: string; order: number };
type Article = Summary & { _id: string; body: string };

/** Every Markdown file of the docs folder, relative to it. */
const files = (readdirSync(SERVER_PATHS.docs, { recursive: true, encoding: 'utf8' }) as string[]).filter((name) => name.endsWith('.md'));

describe('the documentation (/api/docs, /api/docPages/byPath/*, /api/docs/search)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const toc = async () => ((await get('/api/docs')).json() as { items: Summary[] }).items;

  it('lists every Markdown file of packages/server/docs once, in reading order, with its title and description', async () => {
    const items = await toc();
    expect(items).toHaveLength(files.length);
    expect(items.map((item) => item.path.join('/'))).toEqual([
      'organisateurs', 'organisateurs/premiers-pas', 'organisateurs/evenements-et-lieux', 'organisateurs/liens-courts', 'organisateurs/formulaires-et-tombolas', 'organisateurs/menus-et-allergenes', 'organisateurs/federation', 'organisateurs/sur-votre-site',
      'animations', 'animations/tournoi', 'animations/blind-test',
      'developpeurs', 'developpeurs/api', 'developpeurs/cli',
      'hebergement',
    ]);
    for (const item of items) expect(item.description, item.path.join('/')).not.toBe('');
    expect(items[1]).toMatchObject({ title: 'Premiers pas pour un lieu' });
  });

  it('serves each page with its Markdown, a few hundred words in sections, and every /docs link in it leads to a page', async () => {
    const paths = new Set((await toc()).map((item) => `/docs/${item.path.join('/')}`));
    for (const path of paths) {
      const answer = await get(`/api${path.replace('/docs/', '/docPages/byPath/')}`);
      expect(answer.statusCode, path).toBe(200);
      const article = answer.json() as Article;
      expect(article.body.startsWith(`# ${article.title}\n`), path).toBe(true);
      expect(markdownToPlainText(article.body).split(/\s+/).length, path).toBeGreaterThanOrEqual(250);
      expect(article.body.match(/^## /gm)?.length ?? 0, path).toBeGreaterThanOrEqual(3);
      for (const link of docLinksIn(article.body)) expect(link === '/docs' || paths.has(link), `${path} → ${link}`).toBe(true);
    }
  });

  it('answers 404 in French for a page that does not exist or a malformed path', async () => {
    for (const url of ['/api/docPages/byPath/nulle-part', '/api/docPages/byPath/organisateurs/nulle-part', '/api/docPages/byPath/..%2Fpackage.json', '/api/docPages/byPath/DEMARRER']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ message: 'Page de documentation introuvable.' });
    }
  });

  it('searches titles and text, accents aside, best first, with an excerpt', async () => {
    const allergens = (await get('/api/docs/search?q=allergenes')).json() as { q: string; items: Array<{ path: string[]; title: string; excerpt: string }> };
    expect(allergens.q).toBe('allergenes');
    expect(allergens.items[0]).toMatchObject({ path: ['organisateurs', 'menus-et-allergenes'], title: 'Menus et allergènes' });
    const qr = (await get(`/api/docs/search?q=${encodeURIComponent('QR code affiche')}`)).json() as { items: Array<{ title: string; excerpt: string }> };
    expect(qr.items[0]!.title).toBe('Les liens courts');
    expect(qr.items[0]!.excerpt.toLowerCase()).toContain('qr code');
    expect(((await get('/api/docs/search?q=zzzyyyxxx')).json() as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses a search of less than two letters with a French 400', async () => {
    const answer = await get('/api/docs/search?q=a');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Tapez au moins deux lettres.');
    expect((await get('/api/docs/search')).statusCode).toBe(400);
  });

  it('adds a page written by staff to the files, replaces the file at its path, and goes back to the file once it is deleted', async () => {
    const write = (payload: object) => t.app.inject({ method: 'POST', url: '/api/docPages', headers: { cookie: staff }, payload });
    const added = await write({ path: ['organisateurs', 'reglement-interieur'], title: 'Règlement intérieur', body: 'Pas de verre en terrasse après 22 h.', order: 9 });
    expect(added.statusCode, added.body).toBe(201);
    const replaced = await write({ path: ['hebergement'], title: 'Héberger chez nous', body: 'Notre instance est hébergée par la mairie.', order: 40 });
    expect(replaced.statusCode, replaced.body).toBe(201);

    const items = await toc();
    expect(items).toHaveLength(files.length + 1);
    expect(items.find((item) => item.path.join('/') === 'organisateurs/reglement-interieur')).toMatchObject({ title: 'Règlement intérieur' });
    expect(items.at(-1)).toMatchObject({ path: ['hebergement'], title: 'Héberger chez nous' });
    expect((await get('/api/docPages/byPath/hebergement')).json()).toMatchObject({ title: 'Héberger chez nous', body: 'Notre instance est hébergée par la mairie.' });
    expect(((await get('/api/docs/search?q=terrasse')).json() as { items: Array<{ title: string }> }).items.map((hit) => hit.title)).toEqual(['Règlement intérieur']);

    for (const answer of [added, replaced]) {
      const id = (answer.json() as { _id: string })._id;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/docPages/${id}`, headers: { cookie: staff } })).statusCode).toBe(204);
    }
    expect(await toc()).toHaveLength(files.length);
    expect((await get('/api/docPages/byPath/hebergement')).json()).toMatchObject({ title: 'Héberger Sortie' });
  });

  it('lists /docs and every page of the files in the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const locs = [...sitemap.matchAll(/<loc>[^<]*?(\/docs[^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['/docs', ...(await toc()).map((item) => `/docs/${item.path.join('/')}`)]);
  });

  it('keeps the files beside the server: the production install carries docs/', () => {
    const pkg = JSON.parse(readFileSync(SERVER_PATHS.packageJson, 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('docs');
    expect(readFileSync(join(SERVER_PATHS.docs, 'organisateurs', 'premiers-pas.md'), 'utf8')).toMatch(/^---\n/);
  });
});
