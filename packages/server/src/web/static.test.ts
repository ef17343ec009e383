import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './static';

/** A GET with the path exactly as written (fetch and URL would resolve the dots first). */
function rawGet(port: number, path: string, accept = '*/*'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files stay inside the web folder', () => {
  let root: string;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sortie-static-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sortie</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, '.env'), 'TOP-SECRET-CONTENT');
    // Beside the web folder, as the server's own files are: never served.
    writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET-CONTENT');
    writeFileSync(join(root, 'package.json'), '{"TOP-SECRET-CONTENT":true}');
    app = Fastify();
    await registerWebApp(app, dist);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves its files', async () => {
    expect((await rawGet(port, '/assets/app.js')).status).toBe(200);
  });

  // Each attempt names a file that exists outside the folder, and one that exists nowhere.
  const attempts = [
    (f: string) => `/../${f}`,
    (f: string) => `/%2e%2e%2f${f}`,
    (f: string) => `/%2e%2e/${f}`,
    (f: string) => `/.%2e/${f}`,
    (f: string) => `/..%2f${f}`,
    (f: string) => `/assets/..%2f..%2f${f}`,
    (f: string) => `/assets/%2e%2e/%2e%2e/${f}`,
    (f: string) => `/assets/../../${f}`,
    (f: string) => `/..%5c${f}`,
    (f: string) => `/%2e%2e%5c${f}`,
    (f: string) => `/assets%5c..%5c..%5c${f}`,
    (f: string) => `/%252e%252e%252f${f}`,
    (f: string) => `/%25252e%25252e%25252f${f}`,
    (f: string) => `/assets/%00/../../${f}`,
  ];

  it('answers traversal attempts and missing files alike: 404, the same body but for the path it names', async () => {
    const missing = await rawGet(port, '/nothing-here.txt');
    expect(missing.status).toBe(404);
    const shape = (body: string) => body.replace(/Page not found: [^"]*/, 'Page not found: …');
    for (const attempt of attempts) {
      for (const file of ['secret.txt', 'package.json', 'nothing-here.txt']) {
        for (const accept of ['*/*', 'application/json']) {
          const res = await rawGet(port, attempt(file), accept);
          expect(res.status, `${attempt(file)} (${accept})`).toBe(404);
          expect(res.body, attempt(file)).not.toContain('TOP-SECRET-CONTENT');
          expect(shape(res.body), attempt(file)).toBe(shape(missing.body));
        }
      }
    }
    // An address that does not decode (overlong UTF-8 dots) is refused before any file is looked for:
    // the same answer whether the file exists or not.
    const [overlongSecret, overlongMissing] = await Promise.all(['secret.txt', 'nothing-here.txt'].map((f) => rawGet(port, `/%c0%ae%c0%ae/${f}`)));
    expect(overlongSecret!.status).toBe(overlongMissing!.status);
    expect(overlongSecret!.body).not.toContain('TOP-SECRET-CONTENT');
    // A dotfile inside the folder is no file of the site either.
    expect((await rawGet(port, '/.env')).status).toBe(404);
    expect((await rawGet(port, '/%2eenv')).status).toBe(404);
  });
});
