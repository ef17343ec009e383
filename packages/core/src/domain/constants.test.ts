import { describe, expect, it } from 'vitest';
import * as constants from './constants';

/** SPEC.md §9 and §4, value by value: changing one of these must be a decision. */
describe('business constants of SPEC.md §9', () => {
  it.each([
    ['MOBILE_REDIRECT_MARKER_MAX_AGE_SECONDS', 86_400],
    ['NEXT_EVENT_QUERY_LIMIT', 1],
    ['ARTIST_SLUG_MIN_LENGTH', 1],
    ['ARTIST_SLUG_MAX_LENGTH', 20],
    ['OBJECT_ID_LENGTH', 24],
    ['DEFAULT_CITY', 'Poitiers'],
    ['LOCALE', 'fr-FR'],
    ['SOCKET_RECONNECTION_ATTEMPTS', 5],
    ['SOCKET_RECONNECTION_DELAY_MS', 10_000],
    ['SOCKET_TIMEOUT_MS', 10_000],
    ['SOCKET_ACK_TIMEOUT_MS', 10_000],
    ['TOURNAMENT_ACK_WAIT_MS', 2_000],
    ['MUSIC_AUTH_STATE_LENGTH', 16],
    ['AUDIO_SEARCH_LIMIT', 1],
    ['ANALYTICS_CONFIG_FETCH_TIMEOUT_MS', 60_000],
    ['NOTIFICATION_TOAST_CLOSE_DELAY_MS', 5_000],
    ['SPOTIFY_TOKEN_KEY', 'spotify_token'],
    ['SPOTIFY_AUTH_STATE_KEY', 'spotify_auth_state'],
    ['NO_MATCHING_TRACK_MESSAGE', 'No matching track found in MusicBrainz'],
    ['NO_TOKEN_MESSAGE', 'No token available'],
    ['HOME_PATH', '/home'],
    ['DEFAULT_HOME_PATH', '/home/Poitiers'],
    ['SIGN_IN_FAILURES_PER_ACCOUNT', 10],
    ['SIGN_IN_FAILURE_WINDOW_MS', 15 * 60_000],
    ['SIGN_IN_LOCK_MS', 15 * 60_000],
  ])('%s is %j', (name, value) => {
    expect((constants as Record<string, unknown>)[name]).toBe(value);
  });

  it('loading bar: throttle 200 ms, duration 2000 ms, height 3 px, white', () => {
    expect(constants.LOADING_BAR).toMatchObject({ throttleMs: 200, durationMs: 2000, heightPx: 3 });
    expect(constants.LOADING_BAR.colour.toLowerCase()).toMatch(/^#(fff|ffffff)$/);
  });

  it('the six music scopes of SPEC.md §6', () => {
    expect([...constants.SPOTIFY_SCOPES]).toEqual([
      'user-read-private', 'user-read-email', 'streaming', 'user-read-playback-state', 'user-modify-playback-state', 'playlist-read-private',
    ]);
  });

  it('the mobile redirect is skipped for the path prefixes of SPEC.md §4', () => {
    expect([...constants.MOBILE_REDIRECT_SKIPPED_PREFIXES].sort()).toEqual(['/admin', '/dashboard', '/debug', '/debug-mobile', '/notFound', '/unauthorized']);
  });

  it('a dark theme with the ten colours of SPEC.md §9 and the mdi icon set', () => {
    expect(constants.THEME.dark).toBe(true);
    expect(constants.THEME.iconSet).toBe('mdi');
    expect(Object.keys(constants.THEME.colours).sort()).toEqual(
      ['accent', 'background', 'error', 'info', 'primary', 'secondary', 'success', 'surface', 'tertiary', 'warning'],
    );
  });
});
