// AudioAnalysisPort's contract (@sortie/core/testing) on the MusicBrainz adapter, over a local server answering like
// MusicBrainz's recording search (ws/2/recording?fmt=json) and the high-level analysis lookup (AcousticBrainz's API).
import * as vitest from 'vitest';
import { audioAnalysisContract } from '@sortie/core/testing';
import type { ClockPort } from '@sortie/core';
import { startTestServer, type RecordedRequest, type Reply } from '../test-support/http-server';
import { MusicBrainzAnalysisAdapter } from './musicbrainz-analysis.adapter';

const QUERY = 'Bohemian Rhapsody AND artist:Queen';
const RECORDINGS = [
  { id: 'b1a9c0e9-d987-4042-ae91-78d6a3267d69', title: 'Bohemian Rhapsody', score: 100, artist: 'Queen', firstReleaseDate: '1975-10-31', tags: ['rock', 'progressive rock'] },
  { id: 'ebd6ea9d-2d0c-4c1c-9b1e-0b4ea8b8f9c2', title: 'Bohemian Rhapsody (live)', score: 87, artist: 'Queen' },
];
const ANALYSIS = { highlevel: { danceability: { value: 'not_danceable', probability: 0.9 } }, metadata: { tags: {} } };

function musicBrainz(request: RecordedRequest): Reply {
  const url = new URL(request.url, 'http://local');
  if (url.pathname === '/ws/2/recording') {
    const found = url.searchParams.get('query') === QUERY ? RECORDINGS : [];
    const limit = Number(url.searchParams.get('limit') ?? 25);
    // MusicBrainz's shape: the artist credit, the first release date and the tags with their votes.
    const recordings = found.slice(0, limit).map(({ artist, firstReleaseDate, tags, ...r }) => ({
      ...r,
      length: 354_000,
      'artist-credit': [{ name: artist, artist: { name: artist } }],
      ...(firstReleaseDate ? { 'first-release-date': firstReleaseDate } : {}),
      ...(tags ? { tags: tags.map((name, i) => ({ name, count: tags.length - i })).reverse() } : {}),
    }));
    return { body: { created: '2026-11-22T03:00:00.000Z', count: found.length, offset: 0, recordings } };
  }
  if (url.pathname === '/ab/api/v1/high-level') {
    const ids = (url.searchParams.get('recording_ids') ?? '').split(';');
    // The bulk lookup leaves unknown ids out of the answer.
    const known = Object.fromEntries(ids.filter((id) => id === RECORDINGS[0]!.id).map((id) => [id, { '0': ANALYSIS }]));
    return { body: { ...known, mbid_mapping: {} } };
  }
  return { status: 404, body: { error: 'Not Found' } };
}

/** The system's time, with MusicBrainz's one-second spacing between searches cut to nothing. */
const impatientClock: ClockPort = {
  now: () => new Date(),
  setTimeout: (callback) => globalThis.setTimeout(callback, 0),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

audioAnalysisContract(vitest, 'MusicBrainzAnalysisAdapter over a local MusicBrainz and analysis service', async () => {
  const server = await startTestServer(musicBrainz);
  const port = new MusicBrainzAnalysisAdapter({ baseUrl: server.url, analysisBaseUrl: `${server.url}/ab`, version: '1.0.0', contact: 'contact@sortie.test' }, impatientClock);
  return { port, query: QUERY, recordings: RECORDINGS, analysis: ANALYSIS, teardown: () => server.close() };
});
