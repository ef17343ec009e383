import { inject, injectable, type ServiceIdentifier } from 'inversify';
import { ofetch, type $Fetch } from 'ofetch';
import { ApiError, MusicDevicesResponseSchema, MusicTokenSchema, PLAYLIST_TRACKS_LIMIT, PlaylistTrackSchema, type MusicDevice, type MusicPlayRequest, type MusicPort, type MusicToken, type PlaylistTrack } from '@sortie/core';
import { networkFailure } from '../auth-errors';
import { SPOTIFY_TOKEN_PATH, SPOTIFY_TOKEN_URL } from './spotify-endpoints';

export interface SpotifyConfig {
  /** The app's public client id; PKCE means no client secret reaches a browser. */
  clientId: string;
  /** The /spotify return page, registered with Spotify. */
  redirectUri: string;
  /** https://accounts.spotify.com unless a test says otherwise. */
  accountsBaseUrl?: string;
  /** https://api.spotify.com unless a test says otherwise. */
  apiBaseUrl?: string;
  fetch?: typeof globalThis.fetch;
}
export const SpotifyConfig = Symbol.for('SpotifyConfig') as ServiceIdentifier<SpotifyConfig>;

/**
 * MusicPort over the Spotify Web API, one call each. Non-2xx answers reject with an ApiError
 * carrying the status; refreshing and retrying are the core's rule (MusicPlayback).
 */
@injectable()
export class SpotifyMusicAdapter implements MusicPort {
  private readonly http: $Fetch;
  private readonly accounts: string;
  private readonly api: string;

  constructor(@inject(SpotifyConfig) private readonly config: SpotifyConfig) {
    this.accounts = (config.accountsBaseUrl ?? new URL(SPOTIFY_TOKEN_URL).origin).replace(/\/+$/, '');
    this.api = (config.apiBaseUrl ?? 'https://api.spotify.com').replace(/\/+$/, '');
    this.http = ofetch.create({ retry: 0, ignoreResponseError: true }, config.fetch ? { fetch: config.fetch } : undefined);
  }

  authorizeUrl(request: { state: string; codeChallenge: string; scopes: readonly string[] }): string {
    const url = new URL(`${this.accounts}/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      scope: request.scopes.join(' '),
      redirect_uri: this.config.redirectUri,
      state: request.state,
      code_challenge_method: 'S256',
      code_challenge: request.codeChallenge,
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, codeVerifier: string): Promise<MusicToken> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.config.redirectUri, client_id: this.config.clientId, code_verifier: codeVerifier });
  }

  /** As Spotify answers: the refresh token may be absent (keeping the old one is the core's rule). */
  refreshToken(refreshToken: string): Promise<MusicToken> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.config.clientId });
  }

  getMe(accessToken: string): Promise<unknown> {
    return this.call('GET', '/v1/me', accessToken);
  }

  getPlayer(accessToken: string): Promise<unknown> {
    return this.call('GET', '/v1/me/player', accessToken);
  }

  async getDevices(accessToken: string): Promise<MusicDevice[]> {
    const parsed = MusicDevicesResponseSchema.safeParse(await this.call('GET', '/v1/me/player/devices', accessToken));
    if (!parsed.success) throw new ApiError('Spotify a renvoyé une liste d’appareils illisible.', { statusCode: 502, code: 'MUSIC_API_ERROR' });
    return parsed.data.devices;
  }

  async play(accessToken: string, request: MusicPlayRequest = {}): Promise<void> {
    const body: { uris?: string[]; position_ms?: number } = {};
    if (request.uris) body.uris = [...request.uris];
    if (request.positionMs !== undefined) body.position_ms = Math.max(0, Math.round(request.positionMs));
    await this.call('PUT', `/v1/me/player/play${deviceQuery(request.deviceId)}`, accessToken, Object.keys(body).length > 0 ? body : undefined);
  }

  async pause(accessToken: string, deviceId?: string): Promise<void> {
    await this.call('PUT', `/v1/me/player/pause${deviceQuery(deviceId)}`, accessToken);
  }

  async seek(accessToken: string, positionMs: number): Promise<void> {
    await this.call('PUT', `/v1/me/player/seek?position_ms=${Math.max(0, Math.round(positionMs))}`, accessToken);
  }

  getPlaylists(accessToken: string): Promise<unknown> {
    return this.call('GET', '/v1/me/playlists', accessToken);
  }

  async getPlaylistTracks(accessToken: string, playlistId: string): Promise<PlaylistTrack[]> {
    const tracks: PlaylistTrack[] = [];
    // Spotify pages by 100 at most; `next` is null on the last page.
    for (let offset = 0; tracks.length < PLAYLIST_TRACKS_LIMIT; offset += PLAYLIST_PAGE) {
      const query = new URLSearchParams({ limit: String(PLAYLIST_PAGE), offset: String(offset), additional_types: 'track' });
      const page = (await this.call('GET', `/v1/playlists/${encodeURIComponent(playlistId)}/tracks?${query.toString()}`, accessToken)) as { items?: unknown; next?: unknown } | undefined;
      if (!page || !Array.isArray(page.items)) throw new ApiError('Spotify a renvoyé une playlist illisible.', { statusCode: 502, code: 'MUSIC_API_ERROR' });
      for (const item of page.items) {
        const track = playlistTrackOf(item);
        if (track && tracks.length < PLAYLIST_TRACKS_LIMIT) tracks.push(track);
      }
      if (!page.next || page.items.length === 0) break;
    }
    return tracks;
  }

  private async token(form: Record<string, string>): Promise<MusicToken> {
    const body = await this.send(`${this.accounts}${SPOTIFY_TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const parsed = MusicTokenSchema.safeParse(body);
    if (!parsed.success) throw new ApiError('Spotify a renvoyé un jeton illisible.', { statusCode: 502, code: 'MUSIC_API_ERROR' });
    return parsed.data;
  }

  private call(method: 'GET' | 'PUT', path: string, accessToken: string, body?: object): Promise<unknown> {
    return this.send(`${this.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}` },
      ...(body ? { body } : {}),
    });
  }

  /** Sends and resolves the parsed body; 204 or an empty body resolves undefined. */
  private async send(url: string, init: { method: string; headers: Record<string, string>; body?: string | object }): Promise<unknown> {
    let response;
    try {
      response = await this.http.raw(url, init as Parameters<$Fetch['raw']>[1]);
    } catch (error) {
      throw networkFailure(error);
    }
    if (!response.ok) throw spotifyError(response.status, response._data);
    const data: unknown = response._data;
    return data === '' || data === null ? undefined : data;
  }
}

const PLAYLIST_PAGE = 100;

/** One playlist item's track, when a question can play it: no local file, no episode, no removed track. */
function playlistTrackOf(item: unknown): PlaylistTrack | null {
  if (typeof item !== 'object' || item === null || (item as { is_local?: unknown }).is_local === true) return null;
  const track = (item as { track?: unknown }).track;
  if (typeof track !== 'object' || track === null) return null;
  const { type, uri, name, artists, duration_ms: durationMs, album } = track as { type?: unknown; uri?: unknown; name?: unknown; artists?: unknown; duration_ms?: unknown; album?: { images?: unknown } | null };
  if (type !== undefined && type !== 'track') return null;
  const images = Array.isArray(album?.images) ? (album.images as Array<{ url?: unknown; width?: unknown }>).filter((i) => typeof i?.url === 'string') : [];
  // Album covers come widest first (640, 300, 64): the 300 px one is plenty for a TV.
  const cover = [...images].sort((a, b) => Math.abs(Number(a.width ?? 640) - 300) - Math.abs(Number(b.width ?? 640) - 300))[0]?.url;
  const parsed = PlaylistTrackSchema.safeParse({
    uri,
    name,
    artists: Array.isArray(artists) ? artists.flatMap((a: unknown) => (typeof (a as { name?: unknown })?.name === 'string' ? [(a as { name: string }).name] : [])) : [],
    ...(typeof durationMs === 'number' ? { durationMs } : {}),
    ...(typeof cover === 'string' ? { coverUrl: cover } : {}),
  });
  return parsed.success && parsed.data.artists.length > 0 ? parsed.data : null;
}

/** `?device_id=…` when a device is named; Spotify targets the active device otherwise. */
function deviceQuery(deviceId: string | undefined): string {
  return deviceId ? `?${new URLSearchParams({ device_id: deviceId }).toString()}` : '';
}

/** Spotify's error bodies: {error: {status, message}} (Web API) or {error, error_description} (accounts). */
function spotifyError(status: number, body: unknown): ApiError {
  const data = typeof body === 'object' && body !== null ? (body as { error?: unknown; error_description?: unknown }) : {};
  const detail =
    typeof data.error === 'object' && data.error !== null && typeof (data.error as { message?: unknown }).message === 'string'
      ? (data.error as { message: string }).message
      : typeof data.error_description === 'string'
        ? data.error_description
        : typeof data.error === 'string'
          ? data.error
          : undefined;
  const message = `Spotify a refusé la requête (${status})${detail ? ` : ${detail}` : ''}.`;
  return new ApiError(message, { statusCode: status, code: 'MUSIC_API_ERROR' });
}
