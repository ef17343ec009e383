import type { MusicPort } from '../../ports/music.port';
import { ApiError } from '../../domain/errors';
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

    it('plays, pauses and seeks, resolving undefined', async () => {
      const { port, validToken } = subject();
      await expect(port.play(validToken, ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'])).resolves.toBeUndefined();
      await expect(port.play(validToken)).resolves.toBeUndefined();
      await expect(port.pause(validToken)).resolves.toBeUndefined();
      await expect(port.seek(validToken, 30_000)).resolves.toBeUndefined();
    });

    it('rejects a call with a refused token with ApiError: status 401, code MUSIC_API_ERROR', async () => {
      const { port, expiredToken } = subject();
      for (const call of [() => port.getMe(expiredToken), () => port.play(expiredToken)]) {
        const error = await rejectionOf(call());
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ statusCode: 401, code: 'MUSIC_API_ERROR' });
      }
    });
  });
}
