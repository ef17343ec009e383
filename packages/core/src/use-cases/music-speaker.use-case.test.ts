import { describe, expect, it } from 'vitest';
import { SPOTIFY_TOKEN_KEY } from '../domain/constants';
import { ApiError, MusicError, ValidationError } from '../domain/errors';
import { createTestContainer } from '../testing';
import { MusicPlayback } from './music-playback.use-case';
import { MusicSpeaker } from './music-speaker.use-case';

const TRACK = 'spotify:track:4uLU6hMCjMI75M1A2tKUQC';

/** A host signed in with Spotify: tokens stored as the sign-in leaves them. */
function signedIn() {
  const { container, fakes } = createTestContainer();
  fakes.tokens.set(SPOTIFY_TOKEN_KEY, JSON.stringify({ access_token: 'access-old', refresh_token: 'refresh-1' }));
  return { speaker: container.get(MusicSpeaker), playback: container.get(MusicPlayback), ...fakes };
}

const expired = () => new ApiError('Spotify a refusé la requête (401) : The access token expired.', { statusCode: 401, code: 'MUSIC_API_ERROR' });

describe('MusicSpeaker.devices', () => {
  it('lists the host’s Spotify Connect devices with the stored token', async () => {
    const { speaker, music } = signedIn();
    await expect(speaker.devices()).resolves.toEqual(music.devices);
    expect(music.callsTo('getDevices')).toEqual([['access-old']]);
  });

  it('refreshes the token once on a 401 and retries with the new one, keeping the refresh token', async () => {
    const { speaker, music, tokens } = signedIn();
    music.failOnce('getDevices', expired());
    await expect(speaker.devices()).resolves.toHaveLength(2);
    expect(music.callsTo('getDevices')).toEqual([['access-old'], ['access-1']]);
    expect(tokens.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1' });
  });

  it('does not refresh on another failure, and lets a second 401 through', async () => {
    const { speaker, music } = signedIn();
    const down = new ApiError('Bad gateway', { statusCode: 502 });
    music.failOnce('getDevices', down);
    await expect(speaker.devices()).rejects.toBe(down);
    expect(music.callsTo('refreshToken')).toEqual([]);

    music.fail('getDevices', expired());
    await expect(speaker.devices()).rejects.toMatchObject({ statusCode: 401 });
    expect(music.callsTo('refreshToken')).toHaveLength(1);
  });

  it("fails with 'No token available' before reaching Spotify when the host is not signed in", async () => {
    const { container, fakes } = createTestContainer();
    const speaker = container.get(MusicSpeaker);
    await expect(speaker.devices()).rejects.toThrow('No token available');
    await expect(speaker.playTrack(TRACK, { deviceId: 'device-bar' })).rejects.toThrow('No token available');
    expect(fakes.music.calls).toEqual([]);
  });

  it('shares one refresh between calls refused together (Spotify may rotate the refresh token)', async () => {
    const { speaker, playback, music } = signedIn();
    music.acceptOnly('access-1');
    await Promise.all([speaker.devices(), playback.me()]);
    expect(music.callsTo('refreshToken')).toEqual([['refresh-1']]);
  });
});

describe('MusicSpeaker.playTrack', () => {
  it('plays the track on the chosen device from the offset, in whole milliseconds', async () => {
    const { speaker, music } = signedIn();
    await speaker.playTrack(TRACK, { deviceId: 'device-laptop', offsetMs: 30_000.6 });
    expect(music.callsTo('play')).toEqual([['access-old', { uris: [TRACK], positionMs: 30_001, deviceId: 'device-laptop' }]]);
    expect(music.playback).toEqual({ deviceId: 'device-laptop', uris: [TRACK], positionMs: 30_001, isPlaying: true });
  });

  it('starts at 0 on the active device when neither is given', async () => {
    const { speaker, music } = signedIn();
    await speaker.playTrack(TRACK);
    expect(music.callsTo('play')).toEqual([['access-old', { uris: [TRACK], positionMs: 0 }]]);
    expect(music.playback).toMatchObject({ deviceId: 'device-bar', positionMs: 0 });
  });

  it.each([
    ['a playlist address', 'spotify:playlist:37i9dQZF1DXcBWIGoYBM5M', {}],
    ['a web link', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', {}],
    ['a negative offset', TRACK, { offsetMs: -1 }],
    ['an empty device id', TRACK, { deviceId: '' }],
  ])('refuses %s with a ValidationError, calling nobody', async (_, uri, options) => {
    const { speaker, music } = signedIn();
    await expect(speaker.playTrack(uri, options)).rejects.toBeInstanceOf(ValidationError);
    expect(music.calls).toEqual([]);
  });

  it('refreshes once after any failure and retries with the new token (the SPEC’s play rule)', async () => {
    const { speaker, music } = signedIn();
    music.failOnce('play', new ApiError('Bad gateway', { statusCode: 502 }));
    await speaker.playTrack(TRACK, { deviceId: 'device-bar', offsetMs: 1000 });
    expect(music.callsTo('refreshToken')).toEqual([['refresh-1']]);
    expect(music.callsTo('play').map(([token]) => token)).toEqual(['access-old', 'access-1']);
  });

  it('lets a second failure propagate as it came', async () => {
    const { speaker, music } = signedIn();
    const second = new ApiError('Spotify a refusé la requête (403) : Player command failed: Premium required.', { statusCode: 403 });
    music.failOnce('play', new Error('first')).failOnce('play', second);
    await expect(speaker.playTrack(TRACK, { deviceId: 'device-bar' })).rejects.toBe(second);
    expect(music.callsTo('play')).toHaveLength(2);
    expect(music.callsTo('refreshToken')).toHaveLength(1);
  });

  it('asks the host to pick a device again when the chosen one is gone (404 Device not found)', async () => {
    const { speaker, music } = signedIn();
    music.unplug('device-laptop');
    const error = await speaker.playTrack(TRACK, { deviceId: 'device-laptop' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MusicError);
    expect(error).toMatchObject({
      code: 'MUSIC_DEVICE_NOT_FOUND',
      statusCode: 404,
      message: 'L’appareil Spotify choisi n’est plus disponible : vérifiez que Spotify y est ouvert, puis choisissez de nouveau un appareil.',
    });
    expect((error as Error).cause).toMatchObject({ statusCode: 404, message: 'Spotify a refusé la requête (404) : Device not found.' });
    expect(music.callsTo('play')).toHaveLength(2);
    expect(music.playback).toBeNull();
  });

  it('asks the host to pick a device when none is given and none is active', async () => {
    const { speaker, music } = signedIn();
    music.devices = music.devices.map((device) => ({ ...device, is_active: false }));
    await expect(speaker.playTrack(TRACK)).rejects.toMatchObject({ code: 'MUSIC_NO_ACTIVE_DEVICE', message: 'Aucun appareil Spotify actif : ouvrez Spotify sur l’enceinte, puis choisissez un appareil.' });
  });
});

describe('MusicSpeaker.pause and resume', () => {
  it('pauses the chosen device on a buzz and resumes it where it stopped', async () => {
    const { speaker, music } = signedIn();
    await speaker.playTrack(TRACK, { deviceId: 'device-bar', offsetMs: 45_000 });
    await speaker.pause('device-bar');
    expect(music.lastCallTo('pause')).toEqual(['access-old', 'device-bar']);
    expect(music.playback).toMatchObject({ isPlaying: false });
    await speaker.resume('device-bar');
    expect(music.lastCallTo('play')).toEqual(['access-old', { deviceId: 'device-bar' }]);
    expect(music.playback).toEqual({ deviceId: 'device-bar', uris: [TRACK], positionMs: 45_000, isPlaying: true });
  });

  it('pauses the active device when none is given', async () => {
    const { speaker, music } = signedIn();
    await speaker.playTrack(TRACK);
    await speaker.pause();
    expect(music.lastCallTo('pause')).toEqual(['access-old']);
  });

  it('takes a pause of a paused player (a buzz, then the reveal) as done: Spotify’s 403 is checked against the player', async () => {
    const { speaker, music } = signedIn();
    await speaker.playTrack(TRACK, { deviceId: 'device-bar' });
    await speaker.pause('device-bar');
    await expect(speaker.pause('device-bar')).resolves.toBeUndefined();
    // The SPEC's pause rule still ran: one refresh and one retry before the player was read.
    expect(music.callsTo('pause')).toHaveLength(3);
    expect(music.callsTo('refreshToken')).toHaveLength(1);
    expect(music.callsTo('getPlayer')).toHaveLength(1);
  });

  it('lets a 403 through while the device is still playing (Premium required, restricted device)', async () => {
    const { speaker, music } = signedIn();
    await speaker.playTrack(TRACK, { deviceId: 'device-bar' });
    const refused = new ApiError('Spotify a refusé la requête (403) : Player command failed: Premium required.', { statusCode: 403 });
    music.fail('pause', refused);
    await expect(speaker.pause('device-bar')).rejects.toBe(refused);
  });

  it('lets the 403 through when the player cannot be read', async () => {
    const { speaker, music } = signedIn();
    const refused = new ApiError('Spotify a refusé la requête (403) : Player command failed: Restriction violated.', { statusCode: 403 });
    music.fail('pause', refused).fail('getPlayer', new ApiError('Bad gateway', { statusCode: 502 }));
    await expect(speaker.pause('device-bar')).rejects.toBe(refused);
  });

  it('asks the host to pick a device again when pausing a device that is gone', async () => {
    const { speaker, music } = signedIn();
    music.unplug('device-bar');
    await expect(speaker.pause('device-bar')).rejects.toMatchObject({ code: 'MUSIC_DEVICE_NOT_FOUND', statusCode: 404 });
  });
});

describe('MusicSpeaker and the token’s end', () => {
  it('dates a token from expires_in, and refreshes it before a call once within a minute of its end', async () => {
    const { speaker, music, tokens, clock } = signedIn();
    music.failOnce('getDevices', expired());
    await speaker.devices();
    const start = clock.now().getTime();
    expect(tokens.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'access-1', expires_in: 3600, expires_at: start + 3_600_000 });

    clock.setNow(new Date(start + 3_600_000 - 61_000));
    await speaker.playTrack(TRACK, { deviceId: 'device-bar' });
    expect(music.callsTo('refreshToken')).toHaveLength(1);

    clock.setNow(new Date(start + 3_600_000 - 59_000));
    await speaker.pause('device-bar');
    expect(music.callsTo('refreshToken')).toHaveLength(2);
    expect(music.lastCallTo('pause')).toEqual(['access-2', 'device-bar']);
    expect(tokens.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-1', expires_at: start + 3_600_000 - 59_000 + 3_600_000 });
  });

  it('keeps using a token with no known end until Spotify refuses it', async () => {
    const { speaker, music, clock } = signedIn();
    clock.setNow(new Date(clock.now().getTime() + 24 * 3_600_000));
    await speaker.devices();
    expect(music.callsTo('refreshToken')).toEqual([]);
  });
});
