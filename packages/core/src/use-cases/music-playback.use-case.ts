import { inject, injectable } from 'inversify';
import { MUSIC_AUTH_STATE_LENGTH, NO_TOKEN_MESSAGE, SPOTIFY_AUTH_STATE_KEY, SPOTIFY_SCOPES, SPOTIFY_TOKEN_KEY } from '../domain/constants';
import { MusicError, statusOf } from '../domain/errors';
import { MusicAuthStateSchema, MusicTokenSchema, type MusicToken } from '../domain/schemas/music.schema';
import { MusicPort } from '../ports/music.port';
import { TokenStorePort } from '../ports/token-store.port';

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
  constructor(
    @inject(MusicPort) private readonly music: MusicPort,
    @inject(TokenStorePort) private readonly store: TokenStorePort,
  ) {}

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
    this.#save(token);
    this.store.remove(SPOTIFY_AUTH_STATE_KEY);
    return { originalUrl: stored.data.originalUrl };
  }

  isSignedIn(): boolean {
    return this.#stored() !== null;
  }

  /** GET /v1/me; a 401 refreshes the token and retries once. */
  me(): Promise<unknown> {
    return this.#retryOn401((token) => this.music.getMe(token));
  }

  /** GET /v1/me/player; null when the body is empty (nothing playing). */
  async playbackState(): Promise<unknown> {
    const state = await this.#retryOn401((token) => this.music.getPlayer(token));
    return state === undefined || state === null || state === '' ? null : state;
  }

  play(uris?: readonly string[]): Promise<void> {
    return this.#retryOnFailure((token) => (uris === undefined ? this.music.play(token) : this.music.play(token, uris)));
  }

  pause(): Promise<void> {
    return this.#retryOnFailure((token) => this.music.pause(token));
  }

  seek(positionMs: number): Promise<void> {
    return this.#retryOn401((token) => this.music.seek(token, Math.max(0, Math.round(positionMs))));
  }

  playlists(): Promise<unknown> {
    return this.#retryOn401((token) => this.music.getPlaylists(token));
  }

  /** Refreshes the access token; without a stored refresh token: 'No token available'. */
  async refresh(): Promise<string> {
    const current = this.#stored();
    if (!current?.refresh_token) throw new MusicError(NO_TOKEN_MESSAGE, { code: 'NO_TOKEN', statusCode: 401 });
    const fresh = await this.music.refreshToken(current.refresh_token);
    // The provider may omit the refresh token on refresh: the old one stays valid then.
    const merged: MusicToken = { ...current, ...fresh, refresh_token: fresh.refresh_token ?? current.refresh_token };
    this.#save(merged);
    return merged.access_token;
  }

  signOut(): void {
    this.store.remove(SPOTIFY_TOKEN_KEY);
    this.store.remove(SPOTIFY_AUTH_STATE_KEY);
  }

  #stored(): MusicToken | null {
    const parsed = MusicTokenSchema.safeParse(readJson(this.store.get(SPOTIFY_TOKEN_KEY)));
    return parsed.success ? parsed.data : null;
  }

  #accessToken(): string {
    const token = this.#stored();
    if (!token) throw new MusicError(NO_TOKEN_MESSAGE, { code: 'NO_TOKEN', statusCode: 401 });
    return token.access_token;
  }

  #save(token: MusicToken): void {
    this.store.set(SPOTIFY_TOKEN_KEY, JSON.stringify(token));
  }

  async #retryOn401<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await call(this.#accessToken());
    } catch (error) {
      if (statusOf(error) !== 401 || !this.#stored()) throw error;
      return call(await this.refresh());
    }
  }

  async #retryOnFailure<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    const accessToken = this.#accessToken();
    try {
      return await call(accessToken);
    } catch {
      return call(await this.refresh());
    }
  }
}

function readJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
