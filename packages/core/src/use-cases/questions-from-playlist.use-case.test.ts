import { describe, expect, it } from 'vitest';
import { SPOTIFY_TOKEN_KEY } from '../domain/constants';
import { ApiError, ValidationError } from '../domain/errors';
import { QuestionInputSchema } from '../domain/schemas/games.schema';
import { createTestContainer } from '../testing';
import { MusicPlayback } from './music-playback.use-case';
import { QuestionsFromPlaylist } from './questions-from-playlist.use-case';

function signedIn() {
  const { container, fakes } = createTestContainer();
  fakes.tokens.set(SPOTIFY_TOKEN_KEY, JSON.stringify({ access_token: 'access-old', refresh_token: 'refresh-1' }));
  return { build: container.get(QuestionsFromPlaylist), playback: container.get(MusicPlayback), ...fakes };
}

const created = (api: ReturnType<typeof signedIn>['api']) => api.callsTo('create').map(([resource, body]) => ({ resource, body }));

describe('QuestionsFromPlaylist', () => {
  it('creates one track question per track, in the playlist’s order: title, first artist, track, 30 s in, cover', async () => {
    const { build, api } = signedIn();
    const result = await build.execute('pl1');

    expect(result).toEqual({ questionIds: [expect.any(String), expect.any(String), expect.any(String)], skipped: 0, failed: 0 });
    expect(created(api)).toEqual([
      { resource: 'questions', body: { kind: 'track', ask: 'both', title: 'Alors on danse - Radio Edit', artist: 'Stromae', trackUri: 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', offsetSeconds: 30, coverUrl: 'https://i.scdn.co/image/cheese' } },
      { resource: 'questions', body: { kind: 'track', ask: 'both', title: 'Wake Me Up', artist: 'Avicii', trackUri: 'spotify:track:0nrRP2bk19rLc0orkWPQk2', offsetSeconds: 30 } },
      { resource: 'questions', body: { kind: 'track', ask: 'both', title: 'Tous les mêmes', artist: 'Stromae', trackUri: 'spotify:track:3AJwUDP919kvQ9QcozQPxg', offsetSeconds: 30, coverUrl: 'https://i.scdn.co/image/racine' } },
    ]);
    // What the server will check: every question is playable as created.
    for (const { body } of created(api)) expect(QuestionInputSchema.safeParse(body).success).toBe(true);
  });

  it('skips the tracks the blind test already plays and the playlist’s repeats; starts a short track from its beginning', async () => {
    const { build, api, music } = signedIn();
    const [alors, wake] = music.playlistTracks['pl1']!;
    music.playlistTracks['pl1'] = [alors!, wake!, { ...alors! }, { uri: 'spotify:track:short1', name: 'Intermède', artists: ['Sortie'], durationMs: 45_000 }];

    const result = await build.execute('pl1', ['spotify:track:0nrRP2bk19rLc0orkWPQk2']);

    expect(result).toMatchObject({ skipped: 2, failed: 0 });
    expect(result.questionIds).toHaveLength(2);
    expect(created(api).map(({ body }) => [(body as { title: string }).title, (body as { offsetSeconds: number }).offsetSeconds])).toEqual([
      ['Alors on danse - Radio Edit', 30],
      ['Intermède', 0],
    ]);
  });

  it('counts the questions the server refuses and goes on with the others', async () => {
    const { build, api, logger } = signedIn();
    api.failOnce('create', new ValidationError('Refusé'));
    const result = await build.execute('pl1');
    expect(result).toMatchObject({ failed: 1, skipped: 0 });
    expect(result.questionIds).toHaveLength(2);
    expect(logger.messages('warn')).toEqual(['Question refusée pour un morceau de la playlist']);
  });

  it('refreshes the token once on a 401 (SPEC.md §8) and passes on an unknown playlist', async () => {
    const { build, music } = signedIn();
    music.failOnce('getPlaylistTracks', new ApiError('The access token expired', { statusCode: 401 }));
    await expect(build.execute('pl1')).resolves.toMatchObject({ failed: 0 });
    expect(music.callsTo('getPlaylistTracks')).toEqual([['access-old', 'pl1'], ['access-1', 'pl1']]);
    await expect(build.execute('inconnue')).rejects.toMatchObject({ statusCode: 404 });
    await expect(build.execute('')).rejects.toBeInstanceOf(ValidationError);
  });

  it('lists the host’s playlists for a picker', async () => {
    const { playback } = signedIn();
    await expect(playback.myPlaylists()).resolves.toEqual([{ id: 'pl1', name: 'Soirée', trackCount: 3 }]);
  });
});
