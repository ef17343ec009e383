import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ARTIFACTS = join(root, 'test-results');

export const PHONE_UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

/** Debian's chromium, or CHROMIUM_PATH. A missing browser fails loudly: never a silent skip. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `Chromium introuvable (cherché : ${candidates.join(', ')}). Installez-le : apt-get install -y chromium, ou indiquez CHROMIUM_PATH.`,
    );
  }
  return found;
}

const LAUNCH_OPTIONS = {
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync',
  ],
};

/** A Chromium of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), ...LAUNCH_OPTIONS });
}

/**
 * One Chromium for the whole e2e project, started by the global setup: each test file connects
 * to it (a second or two saved per file) and closes only the contexts it made.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), ...LAUNCH_OPTIONS });
}

/** The project's shared Chromium when the global setup started one (`wsEndpoint`), else a Chromium of its own. */
export function openBrowser(wsEndpoint: string | undefined): Promise<Browser> {
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchBrowser();
}

/**
 * After a full page load, waits until the app has taken over the page the server drew (the
 * page marks itself `html[data-page="ready"]` once hydrated): a click before then would go
 * unheard, as a visitor's would. Pages that are not the app's (no #root) go on at once.
 */
function untilAppReady(page: Page): void {
  for (const name of ['goto', 'reload'] as const) {
    const load = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await load(...args);
      await page
        .waitForFunction(() => document.documentElement.dataset['page'] === 'ready' || !document.getElementById('root'), undefined, { timeout: 15_000 })
        .catch(() => undefined);
      return response;
    };
  }
}

/** OpenStreetMap's tile servers, as the map's tile layer names them (packages/web/src/features/map/LeafletMap.tsx). */
const OSM_TILE = /^https:\/\/[abc]\.tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;
/** A blank 1×1 PNG, answered as a tile server answers: the map draws, offline. */
const BLANK_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

/**
 * A context that never reaches the internet: the map's tiles come from a fake tile server, and
 * any other request off the app's origin is aborted.
 */
export async function newContext(browser: Browser, baseUrl: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'fr-FR', timezoneId: 'Europe/Paris', ...options });
  context.on('page', untilAppReady);
  const origin = new URL(baseUrl).origin;
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (OSM_TILE.test(url.href)) return route.fulfill({ status: 200, contentType: 'image/png', headers: { 'cache-control': 'max-age=86400' }, body: BLANK_TILE });
    return url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:' ? route.continue() : route.abort('blockedbyclient');
  });
  return context;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * A defect already reported to the page's owner: its nodes are left out, every other node of
 * the same rule still counts. Keep each one narrow, and remove it once fixed.
 */
export interface KnownDefect {
  rule: string;
  why: string;
  matches: (node: AxeNode) => boolean;
}

/** Runs axe-core in the page and answers the serious and critical violations, less the known defects' nodes. */
export async function seriousViolations(page: Page, known: readonly KnownDefect[] = []): Promise<AxeViolation[]> {
  // Evaluated by the browser's debugging protocol, not as a page script: the app's CSP refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((node) => !known.some((defect) => defect.rule === v.id && defect.matches(node))) }))
    .filter((v) => v.nodes.length > 0);
}
