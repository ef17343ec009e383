import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, MusicError, MusicSpeaker, SPOTIFY_TOKEN_KEY } from '@sortie/core';
import { FakeClock, FakeTokenStore } from '@sortie/core/testing';
import { startLocalSpotify, type LocalSpotify } from './local-spotify';
import { SpotifyMusicAdapter } from './spotify-music.adapter';

// The core's MusicSpeaker (a blind test's music on the venue's speaker) over the real Spotify
// adapter and a local Spotify look-alike: what reaches the Web API, and the SPEC's
// refresh-and-retry rules end to end.
let spotify: LocalSpotify | undefined;
afterEach(async () => {
  await spotify?.close();
  spotify = undefined;
});

const TRACK = 'spotify:track:4uLU6hMCjMI75M1A2tKUQC';
const BAR = '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e';
const LAPTOP = 'b46689a4cb6b8bea8d4e8a4f0c8e2b7a9e3d1c5f';

async function setup(accessToken = 'BQD-valid', token: { expires_at?: number } = {}) {
  spotify = await startLocalSpotify({ validTokens: ['BQD-valid'] });
  const store = new FakeTokenStore();
  store.set(SPOTIFY_TOKEN_KEY, JSON.stringify({ access_token: accessToken, refresh_token: 'AQD-refresh', ...token }));
  const adapter = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: spotify.url, apiBaseUrl: spotify.url });
  const clock = new FakeClock('2026-11-20T21:00:00.000Z');
  return { speaker: new MusicSpeaker(adapter, store, clock), store, spotify, clock };
}

const seen = (s: LocalSpotify) => s.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization ?? ''}`.trim());

describe('MusicSpeaker over SpotifyMusicAdapter', () => {
  it('lists the devices Spotify Connect knows', async () => {
    const { speaker, spotify } = await setup();
    const devices = await speaker.devices();
    expect(devices.map((d) => [d.id, d.name, d.type, d.is_active, d.is_restricted, d.volume_percent])).toEqual([
      [BAR, 'Enceinte du bar', 'Speaker', true, false, 70],
      [LAPTOP, 'MacBook de l’animateur', 'Computer', false, false, 100],
      [null, 'Télé du salon', 'TV', false, true, null],
    ]);
    expect(seen(spotify)).toEqual(['GET /v1/me/player/devices Bearer BQD-valid']);
  });

  it('plays a question’s track on the chosen device from the offset: method, path, query and JSON body as Spotify expects', async () => {
    const { speaker, spotify } = await setup();
    await speaker.playTrack(TRACK, { deviceId: LAPTOP, offsetMs: 42_000 });
    const [request] = spotify.requests;
    expect(request?.method).toBe('PUT');
    const url = new URL(request?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/v1/me/player/play');
    expect(Object.fromEntries(url.searchParams)).toEqual({ device_id: LAPTOP });
    expect(request?.headers['content-type']).toContain('application/json');
    expect(request?.body).toEqual({ uris: [TRACK], position_ms: 42_000 });
    expect(spotify.playback).toEqual({ deviceId: LAPTOP, uris: [TRACK], positionMs: 42_000, isPlaying: true });
    expect(spotify.devices.find((d) => d.id === LAPTOP)?.is_active).toBe(true);
  });

  it('pauses on a buzz (204, no body), takes the reveal’s second pause as done, and resumes', async () => {
    const { speaker, spotify } = await setup();
    await speaker.playTrack(TRACK, { deviceId: BAR, offsetMs: 10_000 });
    await speaker.pause(BAR);
    expect(spotify.playback?.isPlaying).toBe(false);
    await expect(speaker.pause(BAR)).resolves.toBeUndefined();
    await speaker.resume(BAR);
    expect(spotify.playback).toEqual({ deviceId: BAR, uris: [TRACK], positionMs: 10_000, isPlaying: true });
    expect(spotify.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /v1/me/player/play?device_id=${BAR}`,
      `PUT /v1/me/player/pause?device_id=${BAR}`,
      // Spotify refuses to pause a paused player (403); the SPEC's rule refreshes and retries once, then the player is read.
      `PUT /v1/me/player/pause?device_id=${BAR}`,
      'POST /api/token',
      `PUT /v1/me/player/pause?device_id=${BAR}`,
      'GET /v1/me/player',
      `PUT /v1/me/player/play?device_id=${BAR}`,
    ]);
    expect(spotify.requests.at(-1)?.rawBody).toBe('');
  });

  it('an expired token: 401 → refresh → the play retried once with the new token, stored under spotify_token', async () => {
    const { speaker, spotify, store } = await setup('BQD-expired');
    await speaker.playTrack(TRACK, { deviceId: BAR, offsetMs: 5_000 });
    expect(seen(spotify)).toEqual([`PUT /v1/me/player/play?device_id=${BAR} Bearer BQD-expired`, 'POST /api/token', `PUT /v1/me/player/play?device_id=${BAR} Bearer BQD-issued-1`]);
    expect(Object.fromEntries(new URLSearchParams(spotify.requests[1]?.rawBody))).toEqual({ grant_type: 'refresh_token', refresh_token: 'AQD-refresh', client_id: 'client-id' });
    expect(spotify.requests[2]?.body).toEqual({ uris: [TRACK], position_ms: 5_000 });
    expect(store.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'BQD-issued-1', refresh_token: 'AQD-refresh' });
    expect(spotify.playback?.isPlaying).toBe(true);
  });

  it('a token known to have expired (expires_at passed) is refreshed before the play, so the track starts at once', async () => {
    const { speaker, spotify, store, clock } = await setup('BQD-expired', { expires_at: Date.parse('2026-11-20T20:59:00.000Z') });
    await speaker.playTrack(TRACK, { deviceId: BAR, offsetMs: 5_000 });
    expect(seen(spotify)).toEqual(['POST /api/token', `PUT /v1/me/player/play?device_id=${BAR} Bearer BQD-issued-1`]);
    // Spotify's expires_in (3600 s) dates the new token's end.
    expect(store.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'BQD-issued-1', expires_at: clock.now().getTime() + 3_600_000 });
  });

  it('an expired token on the device list: one refresh, one retry', async () => {
    const { speaker, spotify } = await setup('BQD-expired');
    await expect(speaker.devices()).resolves.toHaveLength(3);
    expect(seen(spotify)).toEqual(['GET /v1/me/player/devices Bearer BQD-expired', 'POST /api/token', 'GET /v1/me/player/devices Bearer BQD-issued-1']);
  });

  it('a second refusal propagates: no third try', async () => {
    const { speaker, spotify } = await setup('BQD-expired');
    spotify.devices = spotify.devices.map((d) => (d.id === BAR ? { ...d, is_restricted: true } : d));
    const error = await speaker.playTrack(TRACK, { deviceId: BAR }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 403, message: 'Spotify a refusé la requête (403) : Player command failed: Restriction violated.' });
    expect(spotify.requests.map((r) => r.method)).toEqual(['PUT', 'POST', 'PUT']);
  });

  it('a device that is gone (404 Device not found): a French error asking the host to pick a device again', async () => {
    const { speaker, spotify } = await setup();
    spotify.devices = spotify.devices.filter((d) => d.id !== LAPTOP);
    const error = await speaker.playTrack(TRACK, { deviceId: LAPTOP, offsetMs: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MusicError);
    expect(error).toMatchObject({ code: 'MUSIC_DEVICE_NOT_FOUND', statusCode: 404, message: expect.stringContaining('choisissez de nouveau un appareil') });
    expect((error as Error).cause).toMatchObject({ statusCode: 404, message: 'Spotify a refusé la requête (404) : Device not found.' });
    expect(spotify.requests.map((r) => `${r.method} ${new URL(r.url, 'http://x').pathname}`)).toEqual(['PUT /v1/me/player/play', 'POST /api/token', 'PUT /v1/me/player/play']);
    expect(spotify.playback).toBeNull();
  });

  it('no device chosen and none active: a French error asking the host to pick one', async () => {
    const { speaker, spotify } = await setup();
    spotify.devices = spotify.devices.map((d) => ({ ...d, is_active: false }));
    await expect(speaker.playTrack(TRACK)).rejects.toMatchObject({ code: 'MUSIC_NO_ACTIVE_DEVICE', statusCode: 404 });
    expect(spotify.requests[0]?.url).toBe('/v1/me/player/play');
  });
});
