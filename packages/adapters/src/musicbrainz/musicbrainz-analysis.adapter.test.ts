import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeClock } from '@sortie/core/testing';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../test-support/http-server';
import { until } from '../test-support/until';
import { MusicBrainzAnalysisAdapter } from './musicbrainz-analysis.adapter';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const MBID = 'b1a9c0e9-d987-4042-ae91-78d6a3267d69';
// Shaped like MusicBrainz's documented search answer (ws/2/recording?fmt=json).
const SEARCH = {
  created: '2026-11-22T03:00:00.000Z',
  count: 1,
  offset: 0,
  recordings: [{ id: MBID, score: 100, title: 'Bohemian Rhapsody', length: 354_000, 'artist-credit': [{ name: 'Queen' }] }],
};
// Shaped like AcousticBrainz's bulk high-level answer.
const HIGH_LEVEL = { [MBID]: { '0': { highlevel: { danceability: { value: 'not_danceable', probability: 0.9 } }, metadata: { tags: {} } } }, mbid_mapping: {} };

async function setup(handler: (req: RecordedRequest) => Reply, options: { analysis?: boolean } = {}) {
  const clock = new FakeClock();
  const times: number[] = [];
  server = await startTestServer((req) => {
    times.push(clock.now().getTime());
    return handler(req);
  });
  const adapter = new MusicBrainzAnalysisAdapter(
    { baseUrl: server.url, analysisBaseUrl: options.analysis === false ? null : `${server.url}/ab`, version: '1.2.3', contact: 'contact@sortie.test' },
    clock,
  );
  return { adapter, clock, times, requests: server.requests };
}

const search = { query: 'Bohemian Rhapsody AND artist:Queen', fmt: 'json' as const, limit: 1 };

describe('MusicBrainzAnalysisAdapter', () => {
  it('searches recordings with query, fmt=json, limit=1 and a descriptive User-Agent', async () => {
    const { adapter, requests } = await setup(() => ({ body: SEARCH }));
    await expect(adapter.searchRecordings(search)).resolves.toEqual({ recordings: [{ id: MBID, title: 'Bohemian Rhapsody', score: 100, artist: 'Queen' }] });
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/ws/2/recording');
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'Bohemian Rhapsody AND artist:Queen', fmt: 'json', limit: '1' });
    expect(requests[0]?.headers['user-agent']).toBe('Sortie/1.2.3 ( contact@sortie.test )');
  });

  it('sends at most one request a second: the second search waits 1000 ms after the first', async () => {
    const { adapter, clock, times, requests } = await setup(() => ({ body: SEARCH }));
    const first = adapter.searchRecordings(search);
    const second = adapter.searchRecordings({ ...search, query: 'Imagine AND artist:"John Lennon"' });
    await first;
    await until(() => clock.pendingTimers === 1);
    expect(requests).toHaveLength(1);
    clock.advance(999);
    expect(clock.pendingTimers).toBe(1);
    expect(requests).toHaveLength(1);
    clock.advance(1);
    await second;
    expect(requests).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
  });

  it('does not wait when a second has already passed, and a failure does not block the queue', async () => {
    const replies: Reply[] = [{ status: 503, body: { error: 'Your requests are exceeding the allowable rate limit.' } }, { body: SEARCH }];
    const { adapter, clock } = await setup(() => replies.shift() ?? {});
    const error = await adapter.searchRecordings(search).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 503 });
    clock.advance(1000);
    await expect(adapter.searchRecordings(search)).resolves.toMatchObject({ recordings: [{ id: MBID }] });
  });

  it('resolves no recordings when the search finds none', async () => {
    const { adapter } = await setup(() => ({ body: { created: 'x', count: 0, offset: 0, recordings: [] } }));
    await expect(adapter.searchRecordings(search)).resolves.toEqual({ recordings: [] });
  });

  it('looks the analysis up by recording_ids on the configured analysis service', async () => {
    const { adapter, requests } = await setup(() => ({ body: HIGH_LEVEL }));
    await expect(adapter.getHighLevel(MBID)).resolves.toEqual(HIGH_LEVEL[MBID]['0']);
    expect(requests[0]?.url).toBe(`/ab/api/v1/high-level?recording_ids=${MBID}`);
  });

  it('rejects in French when no analysis service is configured', async () => {
    const { adapter, requests } = await setup(() => ({}), { analysis: false });
    await expect(adapter.getHighLevel(MBID)).rejects.toMatchObject({ code: 'ANALYSIS_UNAVAILABLE', statusCode: 503 });
    expect(requests).toEqual([]);
  });
});
