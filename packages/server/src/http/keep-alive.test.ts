import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app';

describe('an idle keep-alive connection', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let origin: string;
  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  // Node closes an idle connection after 5 s unless told otherwise (our server is made by our own
  // factory, so Fastify's 72 s does not apply): a client or a proxy reusing it would fail its request.
  it('stays open 72 s, as every answer tells the client, for the API, a page and a short link', async () => {
    for (const path of ['/api/health', '/', '/r/unknown-code']) {
      const answer = await fetch(`${origin}${path}`, { redirect: 'manual' });
      await answer.arrayBuffer();
      expect(answer.headers.get('keep-alive'), path).toBe('timeout=72');
    }
  });
});
