import { NO_TOKEN_MESSAGE, SPOTIFY_TOKEN_KEY } from '../domain/constants';
import { MusicError, statusOf } from '../domain/errors';
import { MusicTokenSchema, type MusicToken } from '../domain/schemas/music.schema';
import type { ClockPort } from '../ports/clock.port';
import type { MusicPort } from '../ports/music.port';
import type { TokenStorePort } from '../ports/token-store.port';

/**
 * A token this close to its end is refreshed before the call rather than after a 401: a
 * blind test's track must start when the question opens, not three round trips later.
 */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * A refresh under way, per token store: Spotify may rotate the refresh token (PKCE), so two
 * calls failing together must share one refresh rather than spend the same refresh token twice.
 */
const refreshing = new WeakMap<TokenStorePort, Promise<string>>();

/**
 * SPEC.md §8's token rules, shared by the music use cases: tokens live under spotify_token;
 * a read call refreshes once on a 401, play and pause refresh once on any failure, and the
 * second failure propagates; refreshing without a refresh token throws 'No token available'.
 * Beyond the SPEC, a token saved with expires_in carries expires_at (epoch ms) and is
 * refreshed before a call once it has expired (or is about to).
 */
export class MusicTokens {
  constructor(
    private readonly music: MusicPort,
    private readonly store: TokenStorePort,
    private readonly clock: ClockPort,
  ) {}

  stored(): MusicToken | null {
    const parsed = MusicTokenSchema.safeParse(readJson(this.store.get(SPOTIFY_TOKEN_KEY)));
    return parsed.success ? parsed.data : null;
  }

  /** Stores the token, dating its end from expires_in when the provider gave one. */
  save(token: MusicToken): void {
    const { expires_at: _previous, ...rest } = token;
    const saved: MusicToken = token.expires_in === undefined ? rest : { ...rest, expires_at: this.clock.now().getTime() + token.expires_in * 1000 };
    this.store.set(SPOTIFY_TOKEN_KEY, JSON.stringify(saved));
  }

  /** The stored access token, refreshed first when it has expired; none stored: 'No token available'. */
  async accessToken(): Promise<string> {
    const token = this.stored();
    if (!token) throw noToken();
    const expired = token.expires_at !== undefined && this.clock.now().getTime() >= token.expires_at - EXPIRY_MARGIN_MS;
    return expired && token.refresh_token ? this.refresh() : token.access_token;
  }

  /** Refreshes the access token and stores it; without a stored refresh token: 'No token available'. */
  refresh(): Promise<string> {
    const pending = refreshing.get(this.store);
    if (pending) return pending;
    const run = this.#refresh().finally(() => refreshing.delete(this.store));
    refreshing.set(this.store, run);
    return run;
  }

  /** A read call: a 401 refreshes the token and retries once. */
  async retryOn401<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    const accessToken = await this.accessToken();
    try {
      return await call(accessToken);
    } catch (error) {
      if (statusOf(error) !== 401 || !this.stored()) throw error;
      return call(await this.refresh());
    }
  }

  /** Play and pause: any failure refreshes the token and retries once. */
  async retryOnFailure<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    const accessToken = await this.accessToken();
    try {
      return await call(accessToken);
    } catch {
      return call(await this.refresh());
    }
  }

  async #refresh(): Promise<string> {
    const current = this.stored();
    if (!current?.refresh_token) throw noToken();
    const fresh = await this.music.refreshToken(current.refresh_token);
    // The provider may omit the refresh token on refresh: the old one stays valid then.
    const merged: MusicToken = { ...current, ...fresh, refresh_token: fresh.refresh_token ?? current.refresh_token };
    this.save(merged);
    return merged.access_token;
  }
}

function noToken(): MusicError {
  return new MusicError(NO_TOKEN_MESSAGE, { code: 'NO_TOKEN', statusCode: 401 });
}

export function readJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
