import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceIdentifier } from 'inversify';
import { AuthPort, ClockPort, CookiePort, LinkResolverPort, LoggerPort, NavigatorPort, ProductApiPort, PushPort, TokenStorePort, TournamentSocketPort, RuntimeConfigSchema, USE_CASES } from '@sortie/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { startTestServer, type TestServer } from './test-support/http-server';
import { until } from './test-support/until';
import { createNodeContainer } from './node';
import { LocalAuthAdapter } from './local/local-auth.adapter';

let server: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('createNodeContainer', () => {
  it('binds every port the CLI uses', () => {
    dir = mkdtempSync(join(tmpdir(), 'sortie-node-'));
    const container = createNodeContainer({ apiUrl: 'http://127.0.0.1:1', configDir: dir });
    for (const port of [ProductApiPort, LinkResolverPort, TournamentSocketPort, PushPort, TokenStorePort, CookiePort, NavigatorPort, ClockPort, LoggerPort]) {
      expect(container.get(port as ServiceIdentifier<unknown>)).toBeDefined();
    }
    expect(container.get(AuthPort)).toBeInstanceOf(LocalAuthAdapter);
  });

  it('resolves every use case of the core once the runtime config is given', () => {
    dir = mkdtempSync(join(tmpdir(), 'sortie-node-'));
    const runtimeConfig = RuntimeConfigSchema.parse({ identityProvider: 'local', signInMethods: { google: false, apple: false, password: true }, storePages: { ios: null, android: null } });
    const container = createNodeContainer({ apiUrl: 'http://127.0.0.1:1', configDir: dir, runtimeConfig });
    for (const useCase of USE_CASES) expect(container.get(useCase), useCase.name).toBeInstanceOf(useCase);
  });

  it('sends the session cookie and its User-Agent with the socket handshake', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sortie-node-'));
    const http = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'sortie_session=s0ck; Path=/; HttpOnly' });
      res.end(JSON.stringify({ user: null }));
    });
    const io = new Server(http);
    const handshakes: Array<{ cookie?: string; agent?: string }> = [];
    io.on('connection', (socket) => handshakes.push({ cookie: socket.handshake.headers.cookie, agent: socket.handshake.headers['user-agent'] }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const container = createNodeContainer({ apiUrl, configDir: dir, userAgent: 'sortie-cli/test' });
    try {
      await container.get(ProductApiPort).loginWeb({ idToken: 'id' });
      container.get(TournamentSocketPort).on('tournament:update', () => undefined);
      await until(() => handshakes.length === 1);
      expect(handshakes[0]).toEqual({ cookie: 'sortie_session=s0ck', agent: 'sortie-cli/test' });
    } finally {
      container.get(TournamentSocketPort).disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    }
  });

  it('keeps the session cookie in the 0600 file and sends it on the next run', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sortie-node-'));
    server = await startTestServer((req) =>
      req.url === '/api/auth/login/web'
        ? { headers: { 'set-cookie': 'sortie_session=s3cr3t; Path=/; HttpOnly; Max-Age=2592000' }, body: { user: { _id: 'u' } } }
        : { body: { _id: 'u' } },
    );
    const first = createNodeContainer({ apiUrl: server.url, configDir: dir, userAgent: 'sortie-cli/test' });
    await first.get(ProductApiPort).loginWeb({ idToken: 'id' });
    expect(statSync(join(dir, 'session.json')).mode & 0o777).toBe(0o600);

    const second = createNodeContainer({ apiUrl: server.url, configDir: dir, userAgent: 'sortie-cli/test' });
    await second.get(ProductApiPort).me();
    expect(server.requests[1]?.headers.cookie).toBe('sortie_session=s3cr3t');
    expect(server.requests[1]?.headers['user-agent']).toBe('sortie-cli/test');
  });
});
