import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The web app's server renderer (packages/web/src/ssr/entry-server.tsx), as its build exports it. */
export interface PageRenderer {
  render(request: { url: string; origin: string; config: unknown; template: string; fetch: typeof fetch; nonce?: string }): Promise<{ status: number; html: string } | null>;
}

/**
 * The web app's built renderer (dist-server/entry-server.mjs beside dist/), loaded once: the
 * server runs the web package's build, never its sources (the dependency rule). Null when the
 * web app was built without it; its pages are then drawn in the browser alone.
 */
export async function loadPageRenderer(webDist: string): Promise<{ renderer: PageRenderer; template: string } | null> {
  const bundle = join(webDist, '..', 'dist-server', 'entry-server.mjs');
  const index = join(webDist, 'index.html');
  if (!existsSync(bundle) || !existsSync(index)) return null;
  // Our own web build's module: what it exports is the PageRenderer its entry-server.tsx declares.
  const renderer: PageRenderer = await import(pathToFileURL(bundle).href);
  return { renderer, template: readFileSync(index, 'utf8') };
}

/**
 * `fetch` over the server's own routes, in process (Fastify's inject): a page's reads go
 * through the same product API adapter as in the browser, without a trip through the network.
 * Anonymous: a page rendered here is the same for every visitor, and the browser adds what
 * is theirs.
 */
/** The methods a page's reads and writes use, as Fastify's inject takes them. */
const INJECTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const methodOf = (method: string) => INJECTED_METHODS.find((known) => known === method.toUpperCase()) ?? 'GET';

export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const headers: Record<string, string> = { accept: 'application/json' };
    new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
      if (name !== 'cookie' && name !== 'authorization') headers[name] = value;
    });
    const answer = await app.inject({
      method: methodOf(init?.method ?? request?.method ?? 'GET'),
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && name !== 'set-cookie') responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
  };
}
