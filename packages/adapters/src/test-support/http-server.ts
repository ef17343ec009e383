import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, the raw text otherwise ('' when none). */
  body: unknown;
  rawBody: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string as is; undefined sends no body. */
  body?: unknown;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A local HTTP server on a free port, answering like the real service would. */
export async function startTestServer(handler: (request: RecordedRequest) => Reply | Promise<Reply>): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = rawBody;
      if (String(req.headers['content-type'] ?? '').includes('json') && rawBody !== '') body = JSON.parse(rawBody);
      const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, rawBody };
      requests.push(recorded);
      void Promise.resolve(handler(recorded)).then((reply) => {
        const headers: Record<string, string | string[]> = { ...(reply.headers ?? {}) };
        let payload: string | undefined;
        if (typeof reply.body === 'string') payload = reply.body;
        else if (reply.body !== undefined) {
          payload = JSON.stringify(reply.body);
          headers['content-type'] ??= 'application/json; charset=utf-8';
        }
        res.writeHead(reply.status ?? 200, headers);
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
