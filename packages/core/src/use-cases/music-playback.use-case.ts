import { inject, injectable } from 'inversify';
import { MUSIC_AUTH_STATE_LENGTH, SPOTIFY_AUTH_STATE_KEY, SPOTIFY_SCOPES, SPOTIFY_TOKEN_KEY } from '../domain/constants';
import { MusicError } from '../domain/errors';
import { MusicAuthStateSchema, playlistsOf, type MusicPlaylist, type PlaylistTrack } from '../domain/schemas/music.schema';
import { MusicPort } from '../ports/music.port';
import { ClockPort } from '../ports/clock.port';
import { TokenStorePort } from '../ports/token-store.port';
import { MusicTokens, readJson } from './music-tokens';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PKCE_VERIFIER_LENGTH = 64;

/** `length` random characters of A-Z, a-z and 0-9, unbiased (bytes ≥ 248 are drawn again). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return out;
}

/** The PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)), without padding. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The music provider (SPEC.md §3, §4, §6, §8): sign-in by the authorization-code flow with
 * PKCE, tokens kept under spotify_token, and playback calls. A failed play or pause, and a
 * 401 from any read call, refresh the access token once and retry; a second failure propagates.
 */
@injectable()
export class MusicPlayback {
  private readonly tokens: MusicTokens;

  constructor(
    @inject(MusicPort) private readonly music: MusicPort,
    @inject(TokenStorePort) private readonly store: TokenStorePort,
    @inject(ClockPort) clock: ClockPort,
  ) {
    this.tokens = new MusicTokens(music, store, clock);
  }

  /** Stores {state, originalUrl, codeVerifier} and answers the provider's authorize address. */
  async beginSignIn(originalUrl: string): Promise<string> {
    const state = randomAlphanumeric(MUSIC_AUTH_STATE_LENGTH);
    const codeVerifier = randomAlphanumeric(PKCE_VERIFIER_LENGTH);
    const codeChallenge = await pkceChallenge(codeVerifier);
    this.store.set(SPOTIFY_AUTH_STATE_KEY, JSON.stringify({ state, originalUrl, codeVerifier }));
    return this.music.authorizeUrl({ state, codeChallenge, scopes: SPOTIFY_SCOPES });
  }

  /** The provider's return (/spotify?code&state): the state must be the one stored. */
  async completeSignIn({ code, state }: { code: string | null | undefined; state: string | null | undefined }): Promise<{ originalUrl: string }> {
    const stored = MusicAuthStateSchema.safeParse(readJson(this.store.get(SPOTIFY_AUTH_STATE_KEY)));
    if (!stored.success || !state || stored.data.state !== state) {
      throw new MusicError('La connexion à Spotify n’a pas pu être vérifiée : veuillez réessayer.', { code: 'MUSIC_STATE_MISMATCH', statusCode: 400 });
    }
    if (!code) throw new MusicError('Spotify n’a pas autorisé la connexion.', { code: 'MUSIC_AUTH_DENIED', statusCode: 400 });
    const token = await this.music.exchangeCode(code, stored.data.codeVerifier);
    this.tokens.save(token);
    this.store.remove(SPOTIFY_AUTH_STATE_KEY);
    return { originalUrl: stored.data.originalUrl };
  }

  isSignedIn(): boolean {
    return this.tokens.stored() !== null;
  }

  /** GET /v1/me; a 401 refreshes the token and retries once. */
  me(): Promise<unknown> {
    return this.tokens.retryOn401((token) => this.music.getMe(token));
  }

  /** GET /v1/me/player; null when the body is empty (nothing playing). */
  async playbackState(): Promise<unknown> {
    const state = await this.tokens.retryOn401((token) => this.music.getPlayer(token));
    return state === undefined || state === null || state === '' ? null : state;
  }

  play(uris?: readonly string[]): Promise<void> {
    return this.tokens.retryOnFailure((token) => (uris === undefined ? this.music.play(token) : this.music.play(token, { uris })));
  }

  pause(): Promise<void> {
    return this.tokens.retryOnFailure((token) => this.music.pause(token));
  }

  seek(positionMs: number): Promise<void> {
    return this.tokens.retryOn401((token) => this.music.seek(token, Math.max(0, Math.round(positionMs))));
  }

  playlists(): Promise<unknown> {
    return this.tokens.retryOn401((token) => this.music.getPlaylists(token));
  }

  /** The user's playlists, read for a picker (id, name, track count). */
  async myPlaylists(): Promise<MusicPlaylist[]> {
    return playlistsOf(await this.playlists());
  }

  /** A playlist's playable tracks (GET /v1/playlists/{id}/tracks); a 401 refreshes and retries once. */
  playlistTracks(playlistId: string): Promise<PlaylistTrack[]> {
    return this.tokens.retryOn401((token) => this.music.getPlaylistTracks(token, playlistId));
  }

  /** Refreshes the access token; without a stored refresh token: 'No token available'. */
  refresh(): Promise<string> {
    return this.tokens.refresh();
  }

  signOut(): void {
    this.store.remove(SPOTIFY_TOKEN_KEY);
    this.store.remove(SPOTIFY_AUTH_STATE_KEY);
  }
}
