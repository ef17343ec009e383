import { describe, expect, it } from 'vitest';
import { heading, useBrowser } from './fixtures';
import { seriousViolations } from './browser';

/** The first response of a page, as a crawler reads it: the server's render. */
async function page(baseUrl: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? '';
  const links = [...html.matchAll(/href="(\/docs[^"#?]*)/g)].map((match) => match[1]!.replace(/\/+$/, '') || '/docs');
  return { status: response.status, html, h1, links };
}

describe('the documentation, as a crawler and a visitor find it', () => {
  const { baseUrl, context } = useBrowser();

  it('crawls /docs and every link to it from the landing, /pro and the docs themselves: each a titled page, none « Page introuvable »', async () => {
    const queue = ['/docs'];
    for (const start of ['/', '/pro']) {
      const { links } = await page(baseUrl, start);
      queue.push(...links);
    }
    expect(queue).toContain('/docs/organisateurs/premiers-pas');
    const seen = new Map<string, string>();
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      const { status, html, h1, links } = await page(baseUrl, path);
      expect(`${path} ${status}`).toBe(`${path} 200`);
      expect(h1, path).not.toBe('');
      expect(h1, path).not.toBe('Page introuvable');
      expect(html, path).toContain(path === '/docs' ? '<title>Documentation · Sortie</title>' : `<title>${h1} · Documentation · Sortie</title>`);
      seen.set(path, h1);
      queue.push(...links.filter((link) => !seen.has(link)));
    }
    expect(seen.size).toBeGreaterThanOrEqual(13);
    expect(seen.get('/docs/organisateurs/premiers-pas')).toBe('Premiers pas pour un lieu');
  });

  it('answers a doc page that does not exist with the 404 page and its status', async () => {
    const missing = await page(baseUrl, '/docs/organisateurs/nulle-part');
    expect(missing.status).toBe(404);
    expect(missing.h1).toBe('Page introuvable');
  });

  it('on a phone: the table of contents folds under « Sommaire », the search finds a page, « page suivante » and the links of the text move without a reload', async () => {
    const tab = await (await context({ viewport: { width: 360, height: 740 } })).newPage();
    await tab.goto('/docs/organisateurs/premiers-pas');
    expect(await heading(tab)).toBe('Premiers pas pour un lieu');
    await tab.waitForLoadState('networkidle');
    const toc = tab.getByRole('navigation', { name: 'Sommaire de la documentation' });
    expect(await toc.getByRole('link', { name: 'Les liens courts' }).isVisible()).toBe(false);
    await toc.getByRole('button', { name: 'Sommaire' }).click();
    expect(await toc.getByRole('link', { name: 'Les liens courts' }).isVisible()).toBe(true);

    // The page is not reloaded: a mark left on window survives every move below.
    await tab.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    await tab.getByRole('navigation', { name: 'Pages voisines' }).getByRole('link', { name: /Page suivante/ }).click();
    expect(await heading(tab)).toBe('Événements et lieux');
    await tab.locator('article').getByRole('link', { name: 'Menus et allergènes' }).first().click();
    expect(await heading(tab)).toBe('Menus et allergènes');
    expect(tab.url()).toBe(`${baseUrl}/docs/organisateurs/menus-et-allergenes`);

    await tab.getByRole('combobox', { name: 'Rechercher dans la documentation' }).fill('tirage graine');
    // The pages found show under the box as the visitor types; the button still opens the results page.
    await tab.getByRole('listbox', { name: 'Pages trouvées' }).getByRole('option', { name: /Formulaires et tombolas/ }).waitFor();
    await tab.getByRole('button', { name: 'Rechercher' }).click();
    expect(await heading(tab)).toBe('Recherche dans la documentation');
    const results = tab.getByRole('list', { name: 'Résultats de la recherche' });
    await results.getByRole('link', { name: 'Formulaires et tombolas' }).click();
    expect(await heading(tab)).toBe('Formulaires et tombolas');
    expect(await tab.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  });

  it('fits a phone’s width on its widest pages (tables and code scroll in their own box, which the keyboard reaches), with no serious accessibility violation', async () => {
    const tab = await (await context({ viewport: { width: 360, height: 740 } })).newPage();
    for (const path of ['/docs/hebergement', '/docs/developpeurs/cli', '/docs/developpeurs/api']) {
      await tab.goto(path);
      await tab.locator('article h2').first().waitFor();
      expect(await tab.evaluate(() => document.querySelector('main')!.scrollWidth), path).toBeLessThanOrEqual(360);
      await tab.waitForLoadState('networkidle');
      const violations = await seriousViolations(tab);
      expect(violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
    }
  });
});
