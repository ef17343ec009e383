import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../test-support/http-server';
import { SPOTIFY_TOKEN_PATH } from './spotify-endpoints';

/** A device as GET /v1/me/player/devices lists it. */
export interface SpotifyDeviceBody {
  id: string | null;
  is_active: boolean;
  is_private_session: boolean;
  is_restricted: boolean;
  name: string;
  type: string;
  volume_percent: number | null;
  supports_volume: boolean;
}

/** An item of GET /v1/playlists/{id}/tracks: a track, an episode, a local file, or null for a removed track. */
export interface SpotifyPlaylistItemBody {
  added_at: string;
  is_local: boolean;
  track: {
    type: 'track' | 'episode';
    uri: string;
    name: string;
    duration_ms: number;
    artists?: Array<{ name: string; uri: string }>;
    album?: { name: string; images: Array<{ url: string; width: number; height: number }> };
  } | null;
}

export interface LocalSpotify extends TestServer {
  /** The user's playlists and their items, by id; tests add or change them. */
  playlists: Record<string, { name: string; items: SpotifyPlaylistItemBody[] }>;
  /** The devices Spotify Connect knows; tests add, remove or restrict them. */
  devices: SpotifyDeviceBody[];
  /** What plays, as the last accepted command left it; null before any play. */
  playback: { deviceId: string; uris: string[]; positionMs: number; isPlaying: boolean } | null;
  /** Access tokens the Web API accepts; the accounts service adds each one it issues. */
  validTokens: Set<string>;
  /** The token expires: the Web API answers 401 to it from now on. */
  expire(accessToken: string): void;
}

export const SPOTIFY_DEVICES: readonly SpotifyDeviceBody[] = [
  { id: '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e', is_active: true, is_private_session: false, is_restricted: false, name: 'Enceinte du bar', type: 'Speaker', volume_percent: 70, supports_volume: true },
  { id: 'b46689a4cb6b8bea8d4e8a4f0c8e2b7a9e3d1c5f', is_active: false, is_private_session: false, is_restricted: false, name: 'MacBook de l’animateur', type: 'Computer', volume_percent: 100, supports_volume: true },
  { id: null, is_active: false, is_private_session: false, is_restricted: true, name: 'Télé du salon', type: 'TV', volume_percent: null, supports_volume: false },
];

const albumImages = (id: string) => [640, 300, 64].map((size) => ({ url: `https://i.scdn.co/image/${id}-${size}`, width: size, height: size }));
const track = (uri: string, name: string, artists: string[], album: string, durationMs: number): SpotifyPlaylistItemBody => ({
  added_at: '2026-11-01T20:00:00Z',
  is_local: false,
  track: { type: 'track', uri, name, duration_ms: durationMs, artists: artists.map((a) => ({ name: a, uri: `spotify:artist:${a.replace(/\W/g, '')}` })), album: { name: album, images: albumImages(album.replace(/\W/g, '').toLowerCase()) } },
});

/** 'Soirée': three tracks, an episode, a local file and a removed track, as real playlists mix them. */
export const SPOTIFY_PLAYLIST_ITEMS: readonly SpotifyPlaylistItemBody[] = [
  track('spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', 'Alors on danse - Radio Edit', ['Stromae'], 'Cheese', 206_000),
  { added_at: '2026-11-01T20:00:00Z', is_local: false, track: { type: 'episode', uri: 'spotify:episode:512ojhOuo1ktJprKbVcKyQ', name: 'Un podcast', duration_ms: 1_800_000 } },
  track('spotify:track:0nrRP2bk19rLc0orkWPQk2', 'Wake Me Up', ['Avicii', 'Aloe Blacc'], 'True', 247_000),
  { added_at: '2026-11-01T20:00:00Z', is_local: true, track: { type: 'track', uri: 'spotify:local:Artiste:Album:Maquette:180', name: 'Maquette', duration_ms: 180_000, artists: [{ name: 'Artiste', uri: '' }] } },
  { added_at: '2026-11-01T20:00:00Z', is_local: false, track: null },
  track('spotify:track:3AJwUDP919kvQ9QcozQPxg', 'Tous les mêmes', ['Stromae'], 'Racine carrée', 213_000),
];

const webApiError = (status: number, message: string, reason?: string): Reply => ({ status, body: { error: { status, message, ...(reason ? { reason } : {}) } } });

/**
 * A local server answering like Spotify's accounts service and Web API for the calls
 * SpotifyMusicAdapter makes: the documented paths, query parameters, bodies, status codes
 * (204 with no body for player commands) and error shapes, including the player's refusals
 * (404 'Device not found', 404 'No active device found', 403 'Restriction violated' for a
 * restricted device or a pause while paused). Tokens issued are BQD-issued-1, BQD-issued-2, …
 */
export async function startLocalSpotify(options: { validTokens?: readonly string[] } = {}): Promise<LocalSpotify> {
  let issued = 0;
  const state = {
    devices: SPOTIFY_DEVICES.map((device) => ({ ...device })),
    playback: null as LocalSpotify['playback'],
    validTokens: new Set(options.validTokens ?? []),
    playlists: { pl1: { name: 'Soirée', items: SPOTIFY_PLAYLIST_ITEMS.map((item) => structuredClone(item)) } } as LocalSpotify['playlists'],
  };

  function issue(refreshToken?: string): Reply {
    issued += 1;
    const accessToken = `BQD-issued-${issued}`;
    state.validTokens.add(accessToken);
    return { body: { access_token: accessToken, token_type: 'Bearer', scope: 'streaming user-read-playback-state user-modify-playback-state', expires_in: 3600, ...(refreshToken ? { refresh_token: refreshToken } : {}) } };
  }

  /** The device a player command targets, or Spotify's refusal. */
  function target(deviceId: string | null): { device: SpotifyDeviceBody & { id: string } } | { refusal: Reply } {
    const device = deviceId === null ? state.devices.find((d) => d.is_active) : state.devices.find((d) => d.id === deviceId);
    if (!device) return { refusal: deviceId === null ? webApiError(404, 'Player command failed: No active device found', 'NO_ACTIVE_DEVICE') : webApiError(404, 'Device not found') };
    if (device.is_restricted || device.id === null) return { refusal: webApiError(403, 'Player command failed: Restriction violated', 'UNKNOWN') };
    return { device: device as SpotifyDeviceBody & { id: string } };
  }

  function activate(device: SpotifyDeviceBody): void {
    for (const d of state.devices) d.is_active = d === device;
  }

  function answer(request: RecordedRequest): Reply {
    const url = new URL(request.url, 'http://spotify.local');
    const path = url.pathname;
    if (request.method === 'POST' && path === SPOTIFY_TOKEN_PATH) {
      const form = new URLSearchParams(request.rawBody);
      if (form.get('grant_type') === 'authorization_code') return issue('AQD-refresh');
      if (form.get('grant_type') === 'refresh_token') return form.get('refresh_token') ? issue() : { status: 400, body: { error: 'invalid_request', error_description: 'refresh_token must be supplied' } };
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type parameter is missing' } };
    }
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer) return webApiError(401, 'No token provided');
    if (!state.validTokens.has(bearer)) return webApiError(401, 'The access token expired');

    const key = `${request.method} ${path}`;
    if (key === 'GET /v1/me') return { body: { id: 'camille', display_name: 'Camille', product: 'premium', type: 'user', uri: 'spotify:user:camille' } };
    if (key === 'GET /v1/me/playlists') {
      const items = Object.entries(state.playlists).map(([id, p]) => ({ id, name: p.name, type: 'playlist', uri: `spotify:playlist:${id}`, tracks: { href: `https://api.spotify.com/v1/playlists/${id}/tracks`, total: p.items.length } }));
      return { body: { href: 'https://api.spotify.com/v1/me/playlists', limit: 20, offset: 0, total: items.length, next: null, previous: null, items } };
    }
    const playlistTracks = /^\/v1\/playlists\/([^/]+)\/tracks$/.exec(path);
    if (request.method === 'GET' && playlistTracks) {
      const playlist = state.playlists[decodeURIComponent(playlistTracks[1]!)];
      if (!playlist) return webApiError(404, 'Resource not found');
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return webApiError(400, 'Invalid limit');
      // Without additional_types=episode, Spotify answers an episode as null.
      const items = playlist.items.slice(offset, offset + limit).map((item) => (item.track?.type === 'episode' && !url.searchParams.get('additional_types')?.includes('episode') ? { ...item, track: null } : item));
      const base = `https://api.spotify.com/v1/playlists/${playlistTracks[1]}/tracks`;
      const next = offset + limit < playlist.items.length ? `${base}?offset=${offset + limit}&limit=${limit}` : null;
      return { body: { href: `${base}?offset=${offset}&limit=${limit}`, items, limit, offset, total: playlist.items.length, next, previous: offset > 0 ? `${base}?offset=${Math.max(0, offset - limit)}&limit=${limit}` : null } };
    }
    if (key === 'GET /v1/me/player/devices') return { body: { devices: state.devices } };
    if (key === 'GET /v1/me/player') {
      const playback = state.playback;
      if (!playback) return { status: 204 };
      const device = state.devices.find((d) => d.id === playback.deviceId) ?? null;
      return { body: { device, is_playing: playback.isPlaying, progress_ms: playback.positionMs, item: { uri: playback.uris[0] ?? null, type: 'track' }, currently_playing_type: 'track' } };
    }
    const deviceId = url.searchParams.get('device_id');
    if (key === 'PUT /v1/me/player/play') {
      const body = request.rawBody === '' ? {} : request.body;
      if (typeof body !== 'object' || body === null) return webApiError(400, 'Malformed json');
      const { uris, position_ms: positionMs } = body as { uris?: unknown; position_ms?: unknown };
      if (uris !== undefined && (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string' && /^spotify:track:[A-Za-z0-9]+$/.test(uri)))) return webApiError(400, 'Invalid track uri');
      if (positionMs !== undefined && (typeof positionMs !== 'number' || !Number.isInteger(positionMs) || positionMs < 0)) return webApiError(400, 'Invalid position_ms');
      const targeted = target(deviceId);
      if ('refusal' in targeted) return targeted.refusal;
      const { device } = targeted;
      activate(device);
      const previous = state.playback;
      state.playback = uris
        ? { deviceId: device.id, uris: uris as string[], positionMs: (positionMs as number | undefined) ?? 0, isPlaying: true }
        : { deviceId: device.id, uris: previous?.uris ?? [], positionMs: (positionMs as number | undefined) ?? previous?.positionMs ?? 0, isPlaying: true };
      return { status: 204 };
    }
    if (key === 'PUT /v1/me/player/pause') {
      const targeted = target(deviceId);
      if ('refusal' in targeted) return targeted.refusal;
      if (!state.playback?.isPlaying || state.playback.deviceId !== targeted.device.id) return webApiError(403, 'Player command failed: Restriction violated', 'UNKNOWN');
      state.playback.isPlaying = false;
      return { status: 204 };
    }
    if (key === 'PUT /v1/me/player/seek') {
      if (!/^\d+$/.test(url.searchParams.get('position_ms') ?? '')) return webApiError(400, 'Missing position_ms');
      return { status: 204 };
    }
    return webApiError(404, 'Service not found');
  }

  const server = await startTestServer(answer);
  return {
    url: server.url,
    requests: server.requests,
    close: () => server.close(),
    get devices() {
      return state.devices;
    },
    set devices(devices: SpotifyDeviceBody[]) {
      state.devices = devices;
    },
    get playlists() {
      return state.playlists;
    },
    set playlists(playlists: LocalSpotify['playlists']) {
      state.playlists = playlists;
    },
    get playback() {
      return state.playback;
    },
    set playback(playback: LocalSpotify['playback']) {
      state.playback = playback;
    },
    validTokens: state.validTokens,
    expire: (accessToken: string) => void state.validTokens.delete(accessToken),
  };
}
