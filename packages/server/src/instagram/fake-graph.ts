import http from 'node:http';

export interface FakeGraphRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  authorization: string | undefined;
}

/**
 * A local HTTP server shaped like the Instagram Graph API's publishing endpoints: containers
 * made by POST /{ig-user-id}/media (image_url + caption), published by POST
 * /{ig-user-id}/media_publish (creation_id), a media's permalink, the account's username; a bad
 * token answers 400 with Graph's `{error:{message,type,code:190}}`. Every request is recorded.
 */
export async function startFakeGraph(options: { token: string; userId: string; username?: string }) {
  const requests: FakeGraphRequest[] = [];
  const containers = new Map<string, { imageUrl: string; caption: string }>();
  const media = new Map<string, { caption: string }>();
  let next = 17_890_000_000_000;
  let failNext: { status: number; error: { message: string; type: string; code: number } } | null = null;
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = Object.fromEntries(new URLSearchParams(raw));
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method ?? '', path: url.pathname, query, body, authorization: request.headers.authorization });
    const send = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const oauth = (message: string) => send(400, { error: { message, type: 'OAuthException', code: 190, fbtrace_id: 'Afake' } });
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? query['access_token'];
    if (token !== options.token) return oauth('Invalid OAuth access token - Cannot parse access token');
    if (failNext) {
      const { status, error } = failNext;
      failNext = null;
      return send(status, { error: { ...error, fbtrace_id: 'Afake' } });
    }
    const [, , id, edge] = url.pathname.split('/');
    if (request.method === 'POST' && id === options.userId && edge === 'media') {
      if (!body['image_url']) return send(400, { error: { message: '(#100) The parameter image_url is required', type: 'OAuthException', code: 100 } });
      const containerId = String(next++);
      containers.set(containerId, { imageUrl: body['image_url'], caption: body['caption'] ?? '' });
      return send(200, { id: containerId });
    }
    if (request.method === 'POST' && id === options.userId && edge === 'media_publish') {
      const container = containers.get(body['creation_id'] ?? '');
      if (!container) return send(400, { error: { message: '(#100) Invalid creation_id', type: 'OAuthException', code: 100 } });
      const mediaId = String(next++);
      media.set(mediaId, { caption: container.caption });
      return send(200, { id: mediaId });
    }
    if (request.method === 'GET' && id === options.userId && !edge) return send(200, { id: options.userId, username: options.username ?? 'lieu_sortie' });
    if (request.method === 'GET' && id && media.has(id) && !edge) return send(200, { id, permalink: `https://www.instagram.com/p/FAKE${id}/` });
    return send(400, { error: { message: `Unsupported ${request.method} request. Object with ID '${id}' does not exist`, type: 'GraphMethodException', code: 100 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Faux Graph : pas de port TCP.');
  const url = `http://127.0.0.1:${address.port}/v21.0`;
  return {
    url,
    requests,
    media,
    /** The next request (after the token check) answers this Graph error. */
    failNext(status: number, error: { message: string; type: string; code: number }) {
      failNext = { status, error };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
