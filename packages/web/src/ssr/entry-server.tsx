import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { discoveryLinks, discoveryLinksHtml, matchRoute } from '@sortie/core';
import { createEagerServices } from '@sortie/adapters/eager';
import { App } from '../app/App';
import { createServices } from '../app/services';
import { readyServices } from '../services/container-context';
import { shellConfigOf } from '../services/runtime-config';
import { headHtml } from './head-html';
import { ServerRenderProvider, type ServerRender } from './server-render-context';
import { SERVER_STATE_ID, serializeState, type ServerState } from './server-state';

/**
 * The pages the server renders (issue 20): what a visitor, a link preview or a search engine
 * opens from outside. The dashboard and a visitor's own pages stay rendered in the browser.
 */
export const SERVER_RENDERED = new Set([
  'landing', 'pro', 'home', 'event', 'championship', 'places', 'place', 'placeJobOffers', 'organization', 'artist', 'user',
  'blog', 'blogPost', 'docs', 'jobOffers', 'legal', 'legalPrivacy', 'legalTou', 'search', 'map', 'notFound',
]);

export interface RenderRequest {
  /** The address asked for: path and query. */
  url: string;
  /** The site's public origin, for canonical and absolute addresses. */
  origin: string;
  /** GET /api/config's answer, handed to the page so that it need not ask again. */
  config: unknown;
  /** index.html as Vite built it. */
  template: string;
  /** How the page's reads reach the product API: the server passes its own routes, in process. */
  fetch: typeof fetch;
  /** Beyond this, what is still loading is left to the browser. */
  timeoutMs?: number;
  /** The answer's CSP nonce, for the few inline scripts React writes. */
  nonce?: string;
}

export interface RenderResult {
  status: number;
  html: string;
}

/**
 * A page rendered to HTML with React's streaming renderer over the same components as the
 * browser, its data read through the same product API adapter and query cache, and handed to
 * the browser to hydrate; null for an address the browser renders on its own.
 */
export async function render({ url, origin, config, template, fetch, timeoutMs = 5000, nonce }: RenderRequest): Promise<RenderResult | null> {
  const address = new URL(url, origin);
  const match = safeMatch(address.pathname);
  if (match?.kind === 'redirect') return null;
  if (match && !SERVER_RENDERED.has(match.route.name)) return null;

  const eager = createEagerServices({ apiBaseUrl: origin, fetch });
  // Composed only if a component asks for a use case (an anonymous visitor's pages do not); the
  // use cases never run here: effects do not run on the server.
  const services = () => readyServices(createServices(config, eager));
  const collector: ServerRender = { status: match ? 200 : 404, head: {}, origin };
  const app = (
    <ServerRenderProvider value={collector}>
      <App services={services} eager={eager} shell={shellConfigOf(config)} ssr={{ path: address.pathname, search: address.search.slice(1) }} onFatalError={() => undefined} />
    </ServerRenderProvider>
  );
  const body = await renderToString(app, { timeoutMs, collector, ...(nonce ? { nonce } : {}) });
  const state: ServerState = { config, queries: eager.queries.dehydrate() };
  // The site's description, for pages that say none (index.html writes it without entities).
  const siteDescription = /<meta name="description" content="([^"]*)"/.exec(template)?.[1] ?? '';
  // Replacer functions: a replacement string would read `$&` or `$'` in a title or a description as patterns.
  const html = template
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => [headHtml(collector.head, `${origin}${address.pathname}`, origin, siteDescription), ...discoveryHtml(collector, address.pathname)].join('\n    '))
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div><script type="application/json" id="${SERVER_STATE_ID}">${serializeState(state)}</script>`);
  return { status: collector.status, html };
}

/** The page's RSS, Atom and oEmbed links (issue 35), when it shows what they follow: not on an error page. */
function discoveryHtml(collector: ServerRender, pathname: string): string[] {
  return collector.status < 400 ? discoveryLinksHtml(discoveryLinks(pathname, collector.origin, collector.head.title)) : [];
}

function safeMatch(pathname: string) {
  try {
    return matchRoute(pathname);
  } catch {
    // Unknown or malformed: the not-found page, with its status.
    return null;
  }
}

/** The whole page once everything has loaded (the head needs the page's data), or what is there at the timeout. */
function renderToString(app: React.ReactNode, { timeoutMs, collector, nonce }: { timeoutMs: number; collector: ServerRender; nonce?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(app, {
      // Everything in place, in order: no boundary sent apart to be moved by a script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      ...(nonce ? { nonce } : {}),
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        collector.status = Math.max(collector.status, 500);
        console.error('Server render failed', error);
      },
    });
    setTimeout(() => stream.abort(new Error('Server render took too long')), timeoutMs).unref();
  });
}
