/**
 * Spotify's token endpoint, as its documentation names it: its accounts service's path, not
 * Sortie's API. The adapter posts codes and refresh tokens there; the local fake answers there.
 */
export const SPOTIFY_TOKEN_URL = 'https://accounts.spotify.com/api/token';

/** Where the token endpoint sits under the accounts service (a test points the service elsewhere). */
export const SPOTIFY_TOKEN_PATH = new URL(SPOTIFY_TOKEN_URL).pathname;
