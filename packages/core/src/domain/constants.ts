/** Business constants of SPEC.md §9, each by name. */

export const OBJECT_ID_LENGTH = 24;
export const ARTIST_SLUG_MIN_LENGTH = 1;
export const ARTIST_SLUG_MAX_LENGTH = 20;

export const DEFAULT_CITY = 'Poitiers';
export const LOCALE = 'fr-FR';
export const TIME_ZONE = 'Europe/Paris';
export const CURRENCY = 'EUR';

export const HOME_PATH = '/home';
export const DEFAULT_HOME_PATH = `${HOME_PATH}/${DEFAULT_CITY}`;

// Mobile-app redirect (SPEC.md §4): one attempt a day, marked by a cookie.
export const MOBILE_REDIRECT_MARKER_MAX_AGE_SECONDS = 86_400;
export const MOBILE_REDIRECT_COOKIE = 'sortie_mobile_redirect';
/**
 * Set beside the httpOnly session cookie and readable by the page: it holds no secret, only
 * says that a session may exist, so that an anonymous visitor's browser neither asks who is
 * signed in (a 401 in its console) nor downloads what a session needs.
 */
export const SESSION_HINT_COOKIE = 'sortie_signed_in';
export const MOBILE_REDIRECT_SKIPPED_PREFIXES = ['/debug-mobile', '/debug', '/admin', '/unauthorized', '/notFound', '/dashboard'] as const;

export const NEXT_EVENT_QUERY_LIMIT = 1;

// Realtime socket.
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 10_000;
export const SOCKET_TIMEOUT_MS = 10_000;
export const SOCKET_ACK_TIMEOUT_MS = 10_000;
export const TOURNAMENT_ACK_WAIT_MS = 2_000;
/** Socket event names shared by the server and the clients. */
export const SOCKET_EVENTS = {
  tournament: 'tournament',
  tournamentUpdate: 'tournament:update',
  /** A blind test's actions, acknowledged as the tournament's are: {status, game} or {status: 'error', msg}. */
  blindTest: 'blindTest',
  /** A blind test's view pushed to its room after each change (each phone receives its own). */
  blindTestUpdate: 'blindTest:update',
  push: 'push',
} as const;
/**
 * A live action (tournament, blind test) the server cannot serve now, its database restarting or
 * out of reach: {status: 'error', msg, code: 'unavailable'}, worth retrying in a moment, as HTTP's 503.
 */
export const SOCKET_UNAVAILABLE_CODE = 'unavailable';
export const SOCKET_UNAVAILABLE_MESSAGE = 'Service momentanément indisponible, réessayez dans un instant.';

// Music provider.
export const MUSIC_AUTH_STATE_LENGTH = 16;
export const SPOTIFY_TOKEN_KEY = 'spotify_token';
export const SPOTIFY_AUTH_STATE_KEY = 'spotify_auth_state';
export const SPOTIFY_SCOPES = [
  'user-read-private',
  'user-read-email',
  'streaming',
  'user-read-playback-state',
  'user-modify-playback-state',
  'playlist-read-private',
] as const;
export const SPOTIFY_AUTHORIZE_URL = 'https://accounts.spotify.com/authorize';
export const AUDIO_SEARCH_LIMIT = 1;
export const NO_MATCHING_TRACK_MESSAGE = 'No matching track found in MusicBrainz';
export const NO_TOKEN_MESSAGE = 'No token available';

export const ANALYTICS_CONFIG_FETCH_TIMEOUT_MS = 60_000;

// Notifications and page transitions.
export const NOTIFICATION_TOAST_CLOSE_DELAY_MS = 5_000;
export const LOADING_BAR = { throttleMs: 200, durationMs: 2_000, heightPx: 3, colour: '#ffffff' } as const;

/** The dark theme's colour tokens (SPEC.md §9), used as tailwind theme variables. */
export const THEME = {
  dark: true,
  iconSet: 'mdi',
  colours: {
    background: '#0f1115',
    surface: '#1a1d24',
    primary: '#ff5a5f',
    secondary: '#7c5cff',
    tertiary: '#2ec4b6',
    accent: '#ffb020',
    error: '#ff5252',
    info: '#4aa3ff',
    success: '#3ecf8e',
    warning: '#fb8c00',
  },
} as const;

/** Announcements staff may send to one place's, organisation's or event's people per rolling day: enough for news, not for spam. */
export const ANNOUNCEMENTS_PER_TARGET_PER_DAY = 3;
/** Announcements one staff member may send per rolling day, all targets together: a stolen or careless account cannot flood every venue's followers. */
export const ANNOUNCEMENTS_PER_AUTHOR_PER_DAY = 20;

/**
 * Wrong passwords one account may receive, from any addresses, within SIGN_IN_FAILURE_WINDOW_MS
 * (on top of the per-address limit): past it, every sign-in to that account, the right password
 * included, is refused for SIGN_IN_LOCK_MS, and its owner gets one mail with a reset link.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LOCK_MS = 15 * 60_000;
