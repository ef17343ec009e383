import type { MusicPort } from '../../ports/music.port';
import { ApiError } from '../../domain/errors';
import { PLAYLIST_TRACKS_LIMIT, PlaylistTrackSchema } from '../../domain/schemas/music.schema';
import { rejectionOf, withSubject, type ContractRunner, type Teardown } from './runner';

export interface MusicSubject extends Teardown {
  port: MusicPort;
  /** An access token the provider accepts. */
  validToken: string;
  /** An access token the provider refuses (expired). */
  expiredToken: string;
}

/** What a caller of MusicPort may rely on, whoever implements it (Spotify's Web API, or its fake). */
export function musicContract(t: ContractRunner, name: string, setup: () => Promise<MusicSubject> | MusicSubject): void {
  const { it, expect } = t;
  withSubject(t, `MusicPort contract: ${name}`, setup, (subject) => {
    it('builds the authorization address of the code flow with PKCE (S256), the scopes space-separated', () => {
      const url = new URL(subject().port.authorizeUrl({ state: 'abcdefghijklmnop', codeChallenge: 'the-challenge', scopes: ['streaming', 'user-read-email'] }));
      expect(url.pathname.endsWith('/authorize')).toBe(true);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('state')).toBe('abcdefghijklmnop');
      expect(url.searchParams.get('code_challenge')).toBe('the-challenge');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('scope')).toBe('streaming user-read-email');
      expect(url.searchParams.get('client_id')).toBeTruthy();
    });

    it('exchanges a code for an access token and a refresh token', async () => {
      const token = await subject().port.exchangeCode('the-code', 'the-verifier');
      expect(token.access_token).toEqual(expect.any(String));
      expect(token.refresh_token).toEqual(expect.any(String));
      expect(token.expires_in).toEqual(expect.any(Number));
    });

    it('refreshes into a new access token', async () => {
      const token = await subject().port.refreshToken('a-refresh-token');
      expect(token.access_token).toEqual(expect.any(String));
    });

    it('reads the profile and the playlists, and resolves undefined for a player with nothing playing', async () => {
      const { port, validToken } = subject();
      await expect(port.getMe(validToken)).resolves.toMatchObject({ id: expect.any(String) });
      await expect(port.getPlaylists(validToken)).resolves.toMatchObject({ items: expect.any(Array) });
      await expect(port.getPlayer(validToken)).resolves.toBeUndefined();
    });

    it('lists the playable tracks of one of the user\'s playlists: uri, name and artists, in order', async () => {
      const { port, validToken } = subject();
      const playlists = (await port.getPlaylists(validToken)) as { items: Array<{ id: string }> };
      const tracks = await port.getPlaylistTracks(validToken, playlists.items[0]!.id);
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.length).toBeLessThanOrEqual(PLAYLIST_TRACKS_LIMIT);
      for (const track of tracks) {
        expect(PlaylistTrackSchema.safeParse(track).success).toBe(true);
        expect(track.artists.length).toBeGreaterThan(0);
      }
    });

    it('rejects the tracks of a playlist Spotify does not know with ApiError: status 404', async () => {
      const { port, validToken } = subject();
      const error = await rejectionOf(port.getPlaylistTracks(validToken, '0000000000000000000000'));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 404, code: 'MUSIC_API_ERROR' });
    });

    it('plays, pauses and seeks on the active device, resolving undefined', async () => {
      const { port, validToken } = subject();
      await expect(port.play(validToken, { uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'] })).resolves.toBeUndefined();
      await expect(port.play(validToken)).resolves.toBeUndefined();
      await expect(port.pause(validToken)).resolves.toBeUndefined();
      await expect(port.seek(validToken, 30_000)).resolves.toBeUndefined();
    });

    it('lists the devices, each with its id, name, type and whether it is active or restricted', async () => {
      const { port, validToken } = subject();
      const devices = await port.getDevices(validToken);
      expect(devices.length).toBeGreaterThan(0);
      for (const device of devices) {
        expect(device).toMatchObject({ name: expect.any(String), type: expect.any(String), is_active: expect.any(Boolean), is_restricted: expect.any(Boolean) });
        expect(device.id === null || typeof device.id === 'string').toBe(true);
      }
    });

    it('plays a track on a listed device from an offset, then pauses that device', async () => {
      const { port, validToken } = subject();
      const device = (await port.getDevices(validToken)).find((d) => d.id !== null && !d.is_restricted);
      expect(device?.id).toEqual(expect.any(String));
      const deviceId = device?.id ?? '';
      await expect(port.play(validToken, { uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'], deviceId, positionMs: 42_000 })).resolves.toBeUndefined();
      await expect(port.pause(validToken, deviceId)).resolves.toBeUndefined();
      await expect(port.play(validToken, { deviceId })).resolves.toBeUndefined();
    });

    it('rejects play and pause on a device Spotify does not know with ApiError: status 404', async () => {
      const { port, validToken } = subject();
      for (const call of [() => port.play(validToken, { uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'], deviceId: 'gone-device' }), () => port.pause(validToken, 'gone-device')]) {
        const error = await rejectionOf(call());
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ statusCode: 404, code: 'MUSIC_API_ERROR' });
      }
    });

    it('refuses to pause a player that is not playing with ApiError: status 403 (as Spotify does)', async () => {
      const { port, validToken } = subject();
      const error = await rejectionOf(port.pause(validToken));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 403, code: 'MUSIC_API_ERROR' });
    });

    it('rejects a call with a refused token with ApiError: status 401, code MUSIC_API_ERROR', async () => {
      const { port, expiredToken } = subject();
      for (const call of [() => port.getMe(expiredToken), () => port.getDevices(expiredToken), () => port.play(expiredToken), () => port.getPlaylistTracks(expiredToken, 'pl1')]) {
        const error = await rejectionOf(call());
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ statusCode: 401, code: 'MUSIC_API_ERROR' });
      }
    });
  });
}
