import http from 'node:http';
import { z } from 'zod';
import { listenOnFreePort } from '../http/local-port';

const JsonObject = z.record(z.string(), z.unknown());

export interface FakeBrightDataRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

/**
 * A local HTTP server shaped like Bright Data's API: POST /request {zone, url, format:'raw'}
 * with a Bearer token answers the page (from `pages`, by URL) with x-brd-status-code; a wrong
 * token answers 401, an unknown zone 400 with x-brd-error; GET /zone/get_active_zones lists the
 * zone. Every request is recorded.
 */
export async function startFakeBrightData(options: { token: string; zone: string; pages: Record<string, { status?: number; body: string }> }) {
  const requests: FakeBrightDataRequest[] = [];
  const server = http.createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JsonObject.safeParse(JSON.parse(raw)).data ?? null) : null;
    } catch {
      body = null;
    }
    const path = new URL(request.url ?? '/', 'http://brd.local').pathname;
    requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    if (request.headers.authorization !== `Bearer ${options.token}`) return response.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
    if (request.method === 'GET' && path === '/zone/get_active_zones') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ name: options.zone, type: 'unblocker' }]));
    if (request.method !== 'POST' || path !== '/request') return response.writeHead(404).end('Not found');
    if (!body || body['zone'] !== options.zone) return response.writeHead(400, { 'x-brd-error': `zone '${String(body?.['zone'])}' not found` }).end('zone not found');
    const page = options.pages[String(body['url'])];
    if (!page) return response.writeHead(502, { 'x-brd-error': 'target site unreachable' }).end('Bad gateway');
    response.writeHead(200, { 'content-type': 'text/html', 'x-brd-status-code': String(page.status ?? 200) }).end(page.body);
  });
  const port = await listenOnFreePort(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
