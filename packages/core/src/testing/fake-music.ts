import type { MusicPort } from '../ports/music.port';
import { PLAYLIST_TRACKS_LIMIT, type MusicDevice, type MusicPlayRequest, type MusicToken, type PlaylistTrack } from '../domain/schemas/music.schema';
import { ApiError } from '../domain/errors';
import { ScriptedFake } from './scripted';

type MusicMethod = 'exchangeCode' | 'refreshToken' | 'getMe' | 'getPlayer' | 'getDevices' | 'play' | 'pause' | 'seek' | 'getPlaylists' | 'getPlaylistTracks';

/** What the fake speaker is doing: the last play's track, device and offset. */
export interface FakePlayback {
  deviceId: string | null;
  uris: readonly string[];
  positionMs: number;
  isPlaying: boolean;
}

/**
 * The music provider. Tokens handed out are 'access-1', 'access-2', … so that a test sees
 * which token a call used; `acceptOnly` makes calls with any other token fail with a 401.
 * Play and pause on a device id not in `devices` fail as Spotify does (404 Device not
 * found); `unplug(id)` makes a device disappear, `playback` tells what the speaker plays.
 */
export class FakeMusic extends ScriptedFake<MusicMethod> implements MusicPort {
  #issued = 0;
  #accepted: string | null = null;
  me: unknown = { id: 'camille', display_name: 'Camille' };
  #player: { value: unknown } | null = null;
  playlists: unknown = { items: [{ id: 'pl1', name: 'Soirée', tracks: { total: 3 } }] };
  /** Each playlist's playable tracks, by playlist id; another id is a 404. */
  playlistTracks: Record<string, PlaylistTrack[]> = {
    pl1: [
      { uri: 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', name: 'Alors on danse - Radio Edit', artists: ['Stromae'], durationMs: 206_000, coverUrl: 'https://i.scdn.co/image/cheese' },
      { uri: 'spotify:track:0nrRP2bk19rLc0orkWPQk2', name: 'Wake Me Up', artists: ['Avicii', 'Aloe Blacc'], durationMs: 247_000 },
      { uri: 'spotify:track:3AJwUDP919kvQ9QcozQPxg', name: 'Tous les mêmes', artists: ['Stromae'], durationMs: 213_000, coverUrl: 'https://i.scdn.co/image/racine' },
    ],
  };
  devices: MusicDevice[] = [
    { id: 'device-bar', is_active: true, is_restricted: false, name: 'Enceinte du bar', type: 'Speaker', volume_percent: 70 },
    { id: 'device-laptop', is_active: false, is_restricted: false, name: 'Portable de l’animateur', type: 'Computer', volume_percent: 100 },
  ];
  playback: FakePlayback | null = null;

  /** GET /v1/me/player's answer: what a test set, else the state of `playback` (undefined: nothing playing). */
  get player(): unknown {
    if (this.#player) return this.#player.value;
    const playback = this.playback;
    if (!playback) return undefined;
    const device = this.devices.find((d) => d.id === playback.deviceId);
    return { device: device ? { ...device, is_active: true } : null, is_playing: playback.isPlaying, progress_ms: playback.positionMs, item: playback.uris[0] ? { uri: playback.uris[0] } : null };
  }
  set player(value: unknown) {
    this.#player = { value };
  }

  /** The device leaves Spotify Connect (switched off, app closed): commands to it get a 404. */
  unplug(deviceId: string): this {
    this.devices = this.devices.filter((device) => device.id !== deviceId);
    return this;
  }

  /** Only this access token is valid; others get a 401 ApiError. */
  acceptOnly(accessToken: string): this {
    this.#accepted = accessToken;
    return this;
  }

  authorizeUrl(request: { state: string; codeChallenge: string; scopes: readonly string[] }): string {
    const url = new URL('https://accounts.spotify.test/authorize');
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', 'spotify-client-id');
    url.searchParams.set('scope', request.scopes.join(' '));
    url.searchParams.set('state', request.state);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('code_challenge', request.codeChallenge);
    return url.toString();
  }

  exchangeCode(code: string, codeVerifier: string): Promise<MusicToken> {
    return this.run('exchangeCode', [code, codeVerifier], () => this.#issue(`refresh-${code}`));
  }

  refreshToken(refreshToken: string): Promise<MusicToken> {
    return this.run('refreshToken', [refreshToken], () => this.#issue(undefined));
  }

  getMe(accessToken: string): Promise<unknown> {
    return this.run('getMe', [accessToken], () => this.#authorised(accessToken, () => this.me));
  }

  getPlayer(accessToken: string): Promise<unknown> {
    return this.run('getPlayer', [accessToken], () => this.#authorised(accessToken, () => this.player));
  }

  getDevices(accessToken: string): Promise<MusicDevice[]> {
    return this.run('getDevices', [accessToken], () => this.#authorised(accessToken, () => this.devices.map((device) => ({ ...device }))));
  }

  play(accessToken: string, request?: MusicPlayRequest): Promise<void> {
    return this.run('play', request === undefined ? [accessToken] : [accessToken, request], () =>
      this.#authorised(accessToken, () => {
        const deviceId = this.#target(request?.deviceId);
        const resumed = request?.uris === undefined && this.playback !== null;
        this.playback = {
          deviceId,
          uris: request?.uris ? [...request.uris] : (this.playback?.uris ?? []),
          positionMs: request?.positionMs ?? (resumed ? (this.playback?.positionMs ?? 0) : 0),
          isPlaying: true,
        };
      }),
    );
  }

  pause(accessToken: string, deviceId?: string): Promise<void> {
    return this.run('pause', deviceId === undefined ? [accessToken] : [accessToken, deviceId], () =>
      this.#authorised(accessToken, () => {
        this.#target(deviceId);
        // As Spotify does: pausing a player that is not playing is a 403 'Restriction violated'.
        if (!this.playback?.isPlaying) throw new ApiError('Spotify a refusé la requête (403) : Player command failed: Restriction violated.', { statusCode: 403, code: 'MUSIC_API_ERROR' });
        this.playback = { ...this.playback, isPlaying: false };
      }),
    );
  }

  seek(accessToken: string, positionMs: number): Promise<void> {
    return this.run('seek', [accessToken, positionMs], () => this.#authorised(accessToken, () => undefined));
  }

  getPlaylists(accessToken: string): Promise<unknown> {
    return this.run('getPlaylists', [accessToken], () => this.#authorised(accessToken, () => this.playlists));
  }

  getPlaylistTracks(accessToken: string, playlistId: string): Promise<PlaylistTrack[]> {
    return this.run('getPlaylistTracks', [accessToken, playlistId], () =>
      this.#authorised(accessToken, () => {
        const tracks = this.playlistTracks[playlistId];
        if (!tracks) throw new ApiError('Spotify a refusé la requête (404) : Resource not found.', { statusCode: 404, code: 'MUSIC_API_ERROR' });
        return tracks.slice(0, PLAYLIST_TRACKS_LIMIT).map((track) => ({ ...track, artists: [...track.artists] }));
      }),
    );
  }

  #issue(refreshToken: string | undefined): MusicToken {
    this.#issued += 1;
    const token: MusicToken = { access_token: `access-${this.#issued}`, token_type: 'Bearer', expires_in: 3600 };
    if (refreshToken) token.refresh_token = refreshToken;
    return token;
  }

  /** The device a command goes to, as Spotify picks it: the named one, else the active one. */
  #target(deviceId: string | undefined): string | null {
    if (deviceId === undefined) {
      const active = this.devices.find((device) => device.is_active);
      if (!active) throw new ApiError('Spotify a refusé la requête (404) : Player command failed: No active device found.', { statusCode: 404, code: 'MUSIC_API_ERROR' });
      return active.id;
    }
    if (!this.devices.some((device) => device.id === deviceId)) throw new ApiError('Spotify a refusé la requête (404) : Device not found.', { statusCode: 404, code: 'MUSIC_API_ERROR' });
    return deviceId;
  }

  #authorised<T>(accessToken: string, answer: () => T): T {
    if (this.#accepted !== null && accessToken !== this.#accepted) throw new ApiError('Spotify a refusé la requête (401) : The access token expired.', { statusCode: 401, code: 'MUSIC_API_ERROR' });
    return answer();
  }
}
