import type { MusicPort } from '../ports/music.port';
import type { MusicToken } from '../domain/schemas/music.schema';
import { ApiError } from '../domain/errors';
import { ScriptedFake } from './scripted';

type MusicMethod = 'exchangeCode' | 'refreshToken' | 'getMe' | 'getPlayer' | 'play' | 'pause' | 'seek' | 'getPlaylists';

/**
 * The music provider. Tokens handed out are 'access-1', 'access-2', … so that a test sees
 * which token a call used; `acceptOnly` makes calls with any other token fail with a 401.
 */
export class FakeMusic extends ScriptedFake<MusicMethod> implements MusicPort {
  #issued = 0;
  #accepted: string | null = null;
  me: unknown = { id: 'camille', display_name: 'Camille' };
  player: unknown = undefined;
  playlists: unknown = { items: [{ id: 'pl1', name: 'Soirée' }] };

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

  play(accessToken: string, uris?: readonly string[]): Promise<void> {
    return this.run('play', uris === undefined ? [accessToken] : [accessToken, uris], () => this.#authorised(accessToken, () => undefined));
  }

  pause(accessToken: string): Promise<void> {
    return this.run('pause', [accessToken], () => this.#authorised(accessToken, () => undefined));
  }

  seek(accessToken: string, positionMs: number): Promise<void> {
    return this.run('seek', [accessToken, positionMs], () => this.#authorised(accessToken, () => undefined));
  }

  getPlaylists(accessToken: string): Promise<unknown> {
    return this.run('getPlaylists', [accessToken], () => this.#authorised(accessToken, () => this.playlists));
  }

  #issue(refreshToken: string | undefined): MusicToken {
    this.#issued += 1;
    const token: MusicToken = { access_token: `access-${this.#issued}`, token_type: 'Bearer', expires_in: 3600 };
    if (refreshToken) token.refresh_token = refreshToken;
    return token;
  }

  #authorised<T>(accessToken: string, answer: () => T): T {
    if (this.#accepted !== null && accessToken !== this.#accepted) throw new ApiError('Spotify a refusé la requête (401) : The access token expired.', { statusCode: 401, code: 'MUSIC_API_ERROR' });
    return answer();
  }
}
