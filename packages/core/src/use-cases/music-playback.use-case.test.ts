import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPOTIFY_AUTH_STATE_KEY, SPOTIFY_SCOPES, SPOTIFY_TOKEN_KEY } from '../domain/constants';
import { ApiError, MusicError } from '../domain/errors';
import type { MusicToken } from '../domain/schemas/music.schema';
import { createTestContainer } from '../testing';
import { MusicPlayback, pkceChallenge, randomAlphanumeric } from './music-playback.use-case';

function setup() {
  const { container, fakes } = createTestContainer();
  return { playback: container.get(MusicPlayback), ...fakes };
}

/** A signed-in visitor: tokens stored as the sign-in leaves them. */
function signedIn(token: MusicToken = { access_token: 'access-old', refresh_token: 'refresh-1' }) {
  const s = setup();
  s.tokens.set(SPOTIFY_TOKEN_KEY, JSON.stringify(token));
  return s;
}

const expired = () => new ApiError('The access token expired', { statusCode: 401 });

afterEach(() => vi.restoreAllMocks());

describe('MusicPlayback sign-in', () => {
  it('answers the authorize address with the six scopes and a 16-character alphanumeric state stored with originalUrl', async () => {
    const { playback, tokens } = setup();

    const address = new URL(await playback.beginSignIn('/blindTests/abc?round=2'));

    const state = address.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(address.searchParams.get('scope')).toBe(
      'user-read-private user-read-email streaming user-read-playback-state user-modify-playback-state playlist-read-private',
    );
    expect(SPOTIFY_SCOPES).toHaveLength(6);
    const stored = tokens.json<{ state: string; originalUrl: string; codeVerifier: string }>(SPOTIFY_AUTH_STATE_KEY);
    expect(stored).toEqual({ state, originalUrl: '/blindTests/abc?round=2', codeVerifier: expect.stringMatching(/^[A-Za-z0-9]{43,128}$/) });
    expect(address.searchParams.get('code_challenge')).toBe(await pkceChallenge(stored!.codeVerifier));
  });

  it('draws a new state each time', async () => {
    const { playback } = setup();
    const a = new URL(await playback.beginSignIn('/')).searchParams.get('state');
    const b = new URL(await playback.beginSignIn('/')).searchParams.get('state');
    expect(a).not.toBe(b);
  });

  it('completes with the stored state: exchanges the code with the verifier, stores the tokens under spotify_token, forgets the state', async () => {
    const { playback, tokens, music } = setup();
    const state = new URL(await playback.beginSignIn('/tournaments/x')).searchParams.get('state');
    const { codeVerifier } = tokens.json<{ codeVerifier: string }>(SPOTIFY_AUTH_STATE_KEY)!;

    await expect(playback.completeSignIn({ code: 'the-code', state })).resolves.toEqual({ originalUrl: '/tournaments/x' });

    expect(music.callsTo('exchangeCode')).toEqual([['the-code', codeVerifier]]);
    expect(tokens.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-the-code' });
    expect(tokens.get(SPOTIFY_AUTH_STATE_KEY)).toBeNull();
    expect(playback.isSignedIn()).toBe(true);
  });

  it.each([
    ['another state', 'forged'],
    ['no state', null],
  ])('refuses a return with %s, storing no token', async (_, state) => {
    const { playback, tokens, music } = setup();
    await playback.beginSignIn('/');
    await expect(playback.completeSignIn({ code: 'the-code', state })).rejects.toBeInstanceOf(MusicError);
    expect(music.callsTo('exchangeCode')).toEqual([]);
    expect(tokens.get(SPOTIFY_TOKEN_KEY)).toBeNull();
  });

  it('refuses a return when no sign-in was started', async () => {
    const { playback } = setup();
    await expect(playback.completeSignIn({ code: 'c', state: 'abcdefghijklmnop' })).rejects.toBeInstanceOf(MusicError);
  });

  it('refuses a return without a code (access denied)', async () => {
    const { playback } = setup();
    const state = new URL(await playback.beginSignIn('/')).searchParams.get('state');
    await expect(playback.completeSignIn({ code: null, state })).rejects.toMatchObject({ code: 'MUSIC_AUTH_DENIED' });
  });

  it('is not signed in without a readable token, and signOut forgets the token', () => {
    const { playback, tokens } = signedIn();
    expect(playback.isSignedIn()).toBe(true);
    playback.signOut();
    expect(playback.isSignedIn()).toBe(false);
    tokens.set(SPOTIFY_TOKEN_KEY, '{not json');
    expect(playback.isSignedIn()).toBe(false);
  });
});

describe('MusicPlayback calls', () => {
  it('me refreshes the token once on a 401 and retries with the new token', async () => {
    const { playback, music, tokens } = signedIn();
    music.failOnce('getMe', expired());

    await expect(playback.me()).resolves.toEqual(music.me);

    expect(music.callsTo('refreshToken')).toEqual([['refresh-1']]);
    expect(music.callsTo('getMe')).toEqual([['access-old'], ['access-1']]);
    expect(tokens.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1' });
  });

  it('me does not refresh on another failure', async () => {
    const { playback, music } = signedIn();
    const down = new ApiError('Bad gateway', { statusCode: 502 });
    music.failOnce('getMe', down);
    await expect(playback.me()).rejects.toBe(down);
    expect(music.callsTo('refreshToken')).toEqual([]);
  });

  it('me lets a second 401 propagate', async () => {
    const { playback, music } = signedIn();
    music.fail('getMe', expired());
    await expect(playback.me()).rejects.toMatchObject({ statusCode: 401 });
    expect(music.callsTo('refreshToken')).toHaveLength(1);
  });

  it.each(['play', 'pause'] as const)('%s refreshes once after any failure and retries', async (method) => {
    const { playback, music } = signedIn();
    music.playback = { deviceId: 'device-bar', uris: ['spotify:track:abc'], positionMs: 0, isPlaying: true };
    music.failOnce(method, new ApiError('No active device', { statusCode: 404 }));

    await playback[method]();

    expect(music.callsTo('refreshToken')).toHaveLength(1);
    expect(music.callsTo(method)).toEqual([['access-old'], ['access-1']]);
  });

  it.each(['play', 'pause'] as const)('%s lets a second failure propagate', async (method) => {
    const { playback, music } = signedIn();
    const first = new Error('first');
    const second = new Error('second');
    music.failOnce(method, first).failOnce(method, second);

    await expect(playback[method]()).rejects.toBe(second);

    expect(music.callsTo('refreshToken')).toHaveLength(1);
    expect(music.callsTo(method)).toHaveLength(2);
  });

  it('play sends the uris when given, none otherwise', async () => {
    const { playback, music } = signedIn();
    await playback.play(['spotify:track:abc']);
    await playback.play();
    expect(music.callsTo('play')).toEqual([['access-old', { uris: ['spotify:track:abc'] }], ['access-old']]);
  });

  it('playback state is null when the body is empty', async () => {
    const { playback, music } = signedIn();
    music.player = undefined;
    await expect(playback.playbackState()).resolves.toBeNull();
    music.player = '';
    await expect(playback.playbackState()).resolves.toBeNull();
    music.player = { is_playing: true };
    await expect(playback.playbackState()).resolves.toEqual({ is_playing: true });
  });

  it('seek sends the position in whole milliseconds; playlists are read with the token', async () => {
    const { playback, music } = signedIn();
    await playback.seek(61_500.4);
    await expect(playback.playlists()).resolves.toEqual(music.playlists);
    expect(music.callsTo('seek')).toEqual([['access-old', 61_500]]);
    expect(music.callsTo('getPlaylists')).toEqual([['access-old']]);
  });

  it("refresh with no token throws 'No token available'", async () => {
    const { playback, music } = setup();
    const error = await playback.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MusicError);
    expect((error as Error).message).toBe('No token available');
    expect(music.calls).toEqual([]);
  });

  it("refresh with a token but no refresh token throws 'No token available'", async () => {
    const { playback } = signedIn({ access_token: 'access-old' });
    await expect(playback.refresh()).rejects.toThrow('No token available');
  });

  it('keeps a new refresh token when the provider sends one', async () => {
    const { playback, music, tokens } = signedIn();
    music.answerOnce('refreshToken', { access_token: 'access-new', refresh_token: 'refresh-2' });
    await expect(playback.refresh()).resolves.toBe('access-new');
    expect(tokens.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'access-new', refresh_token: 'refresh-2' });
  });

  it("calls without any stored token fail with 'No token available' before reaching the provider", async () => {
    const { playback, music } = setup();
    await expect(playback.me()).rejects.toThrow('No token available');
    await expect(playback.play()).rejects.toThrow('No token available');
    expect(music.calls).toEqual([]);
  });
});

describe('randomAlphanumeric and pkceChallenge', () => {
  it('draws only A-Z, a-z and 0-9, the given number of them', () => {
    expect(randomAlphanumeric(16)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(randomAlphanumeric(200)).toMatch(/^[A-Za-z0-9]{200}$/);
  });

  it('draws again rather than bias toward the first letters', () => {
    let first = true;
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      bytes.fill(first ? 255 : 1);
      first = false;
      return array;
    });
    expect(randomAlphanumeric(4)).toBe('BBBB');
  });

  it('computes the S256 challenge of RFC 7636', async () => {
    await expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
