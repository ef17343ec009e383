import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_IDS } from './api';
import { newContext, screenshot, seriousViolations, type AxeViolation, type KnownDefect } from './browser';
import { heading, useBrowser } from './fixtures';

/** The main pages a visitor meets, with the heading each shows. */
const PAGES: { name: string; path: string; heading: string | RegExp }[] = [
  { name: 'accueil', path: '/', heading: 'Que faire ce soir ?' },
  { name: 'ville', path: '/home/Poitiers', heading: 'Que faire à Poitiers ?' },
  { name: 'pro', path: '/pro', heading: /.+/ },
  { name: 'compte', path: '/account', heading: 'Mon compte' },
  { name: 'acces-refuse', path: '/unauthorized', heading: 'Accès refusé' },
  { name: '404', path: '/nope', heading: 'Page introuvable' },
  { name: 'lieux', path: '/places', heading: 'Lieux' },
  { name: 'recherche', path: '/search', heading: /.+/ },
  { name: 'offres-emploi', path: '/jobOffers', heading: /.+/ },
  { name: 'blog', path: '/blog', heading: /.+/ },
  { name: 'mentions-legales', path: '/legal', heading: /.+/ },
  { name: 'confidentialite', path: '/legal/privacy', heading: /.+/ },
  { name: 'cgu', path: '/legal/tou', heading: /.+/ },
  { name: 'evenement', path: `/events/${DEMO_IDS.firstEvent}`, heading: /.+/ },
  { name: 'lieu', path: `/places/${DEMO_IDS.places.tapGarden}`, heading: /.+/ },
  { name: 'notifications', path: '/notifications', heading: /.+/ },
];

/**
 * Defects of the web app's shared parts, found by these checks and reported to the web app's
 * owners (packages/web). Only these nodes are excused: any other violation, or the same rule
 * anywhere else, fails. Remove an entry once fixed.
 */
const KNOWN_DEFECTS: KnownDefect[] = []; // none known: the primary buttons and the logo link were fixed

const WIDTHS = [
  { name: 'bureau', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 375, height: 812 } },
];

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id} (${v.help}) : ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);

async function settle(page: Page, path: string, expected: string | RegExp): Promise<void> {
  await page.goto(path);
  const text = await heading(page);
  if (typeof expected === 'string') expect(text).toBe(expected);
  else expect(text).toMatch(expected);
  await page.waitForLoadState('networkidle');
}

// The pages are independent visits (a context each): three at a time, so that one page's wait
// for a quiet network is another's drawing (the e2e project's maxConcurrency).
describe.concurrent.each(WIDTHS)('the main pages at $viewport.width px ($name)', ({ name: width, viewport }) => {
  const { baseUrl, browser } = useBrowser();

  it.each(PAGES)('$path has no serious or critical accessibility violation, and is photographed', async ({ name, path, heading: expected }) => {
    // Its own context, closed here: the fixture's afterEach would close a neighbour's too.
    const context = await newContext(browser(), baseUrl, { viewport });
    try {
      const page = await context.newPage();
      await settle(page, path, expected);
      await screenshot(page, `${name}-${viewport.width}`);
      expect(describeViolations(await seriousViolations(page, KNOWN_DEFECTS)), `${path} à ${viewport.width} px (${width})`).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
