import { describe, expect, it } from 'vitest';
import { FetchApiClient, KEEPALIVE_BODY_LIMIT } from './api-client';

/** A client over a fetch that records what each call asked of the browser, and answers 204. */
function recordingClient() {
  const sent: Array<{ method: string | undefined; keepalive: boolean | undefined }> = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    sent.push({ method: init?.method, keepalive: init?.keepalive });
    return new Response(null, { status: 204 });
  };
  return { client: new FetchApiClient({ baseUrl: 'http://sortie.test/api', fetch }), sent };
}

describe('FetchApiClient: a write outlives the page it was made on', () => {
  it('asks the browser to finish a follow, an unfollow or a like even if the page is left', async () => {
    const { client, sent } = recordingClient();
    await client.call('POST', '/me/follows', { body: { targetType: 'place', targetId: '0123456789abcdef01234567' } });
    await client.call('DELETE', '/me/follows/0123456789abcdef01234567');
    await client.call('PUT', '/events/0123456789abcdef01234567/like', { body: {} });
    expect(sent).toEqual([
      { method: 'POST', keepalive: true },
      { method: 'DELETE', keepalive: true },
      { method: 'PUT', keepalive: true },
    ]);
  });

  it('does not keep a read, nor a body a browser would refuse to keep (past its 64 kB in flight)', async () => {
    const { client, sent } = recordingClient();
    await client.call('GET', '/events', { query: { city: 'Poitiers' } });
    await client.call('POST', '/events', { body: { description: 'é'.repeat(KEEPALIVE_BODY_LIMIT) } });
    await client.call('POST', '/images', { body: new FormData() });
    expect(sent.map((s) => s.keepalive)).toEqual([false, false, false]);
  });
});
