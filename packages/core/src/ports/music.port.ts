import type { ServiceIdentifier } from 'inversify';
import type { MusicDevice, MusicPlayRequest, MusicToken, PlaylistTrack } from '../domain/schemas/music.schema';

export const MusicPort = Symbol.for('MusicPort') as ServiceIdentifier<MusicPort>;
/**
 * The music provider's Web API (Spotify), one call each. Non-2xx answers reject with an
 * ApiError carrying the status; an empty body resolves undefined. Token refresh and
 * retries are the core's rule (MusicPlayback), not the adapter's.
 */
export interface MusicPort {
  /** The provider's authorization page address for the code flow with PKCE. */
  authorizeUrl(request: { state: string; codeChallenge: string; scopes: readonly string[] }): string;
  /** Exchanges an authorization code (with the PKCE verifier) for tokens. */
  exchangeCode(code: string, codeVerifier: string): Promise<MusicToken>;
  /** Refreshes an access token. */
  refreshToken(refreshToken: string): Promise<MusicToken>;
  /** GET /v1/me */
  getMe(accessToken: string): Promise<unknown>;
  /** GET /v1/me/player: undefined when the body is empty. */
  getPlayer(accessToken: string): Promise<unknown>;
  /** GET /v1/me/player/devices: the user's Spotify Connect devices, parsed by MusicDeviceSchema. */
  getDevices(accessToken: string): Promise<MusicDevice[]>;
  /** PUT /v1/me/player/play?device_id=, body {uris, position_ms} with what is given; no body resumes. */
  play(accessToken: string, request?: MusicPlayRequest): Promise<void>;
  /** PUT /v1/me/player/pause?device_id= (the active device when none is given). */
  pause(accessToken: string, deviceId?: string): Promise<void>;
  /** PUT /v1/me/player/seek?position_ms= */
  seek(accessToken: string, positionMs: number): Promise<void>;
  /** GET /v1/me/playlists */
  getPlaylists(accessToken: string): Promise<unknown>;
  /**
   * GET /v1/playlists/{id}/tracks, page after page up to PLAYLIST_TRACKS_LIMIT: the tracks a
   * question can play, in the playlist's order (local files, episodes and removed tracks left out).
   * An unknown playlist rejects with an ApiError of status 404.
   */
  getPlaylistTracks(accessToken: string, playlistId: string): Promise<PlaylistTrack[]>;
}
