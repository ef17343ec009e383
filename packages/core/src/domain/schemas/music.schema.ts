import { z } from 'zod';

/** SPEC.md §3: access_token and refresh_token, stored under spotify_token (with expires_at, epoch ms, once stored). */
export const MusicTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  expires_at: z.number().optional(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});
export type MusicToken = z.infer<typeof MusicTokenSchema>;

/** Stored under spotify_auth_state while the provider's page is open. */
export const MusicAuthStateSchema = z.object({ state: z.string(), originalUrl: z.string(), codeVerifier: z.string() });
export type MusicAuthState = z.infer<typeof MusicAuthStateSchema>;

/** SPEC.md §3: name and artists[0].name are read for the analysis lookup. */
export interface Track {
  name: string;
  artists: ReadonlyArray<{ name: string }>;
  uri?: string;
}

export interface Recording {
  id: string;
  title: string;
  score: number;
  /** The first artist credited, when the search gives it. */
  artist?: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD, when the search gives it. */
  firstReleaseDate?: string;
  /** People's tags (genres mostly), most voted first. */
  tags?: string[];
}
export interface RecordingSearch {
  recordings: Recording[];
}

export interface TrackAnalysis {
  recording: Recording;
  highLevel: unknown;
}

/**
 * A Spotify Connect device (GET /v1/me/player/devices). Spotify documents `id` and
 * `volume_percent` as nullable; a device with no id, or a restricted one, takes no command.
 */
export const MusicDeviceSchema = z.object({
  id: z.string().min(1).nullable(),
  is_active: z.boolean(),
  is_restricted: z.boolean(),
  name: z.string(),
  type: z.string(),
  volume_percent: z.number().int().min(0).max(100).nullable().optional(),
});
export type MusicDevice = z.infer<typeof MusicDeviceSchema>;

/** The body of GET /v1/me/player/devices. */
export const MusicDevicesResponseSchema = z.object({ devices: z.array(MusicDeviceSchema) });

/** Where and how to play: Spotify's PUT /v1/me/player/play?device_id= with {uris, position_ms}. */
export interface MusicPlayRequest {
  /** Track URIs to play; none resumes what was playing. */
  uris?: readonly string[];
  /** The device to play on; none targets the active device. */
  deviceId?: string;
  /** Where to start in the first track, in whole milliseconds. */
  positionMs?: number;
}

/** A question's track to play on the venue's speaker (MusicSpeaker.playTrack). */
export const PlayTrackInputSchema = z.object({
  trackUri: z.string().regex(/^spotify:track:[A-Za-z0-9]+$/, 'Adresse de morceau Spotify invalide (spotify:track:…).'),
  deviceId: z.string().min(1).optional(),
  offsetMs: z.number().finite().min(0).default(0).transform((ms) => Math.round(ms)),
});
export type PlayTrackInput = z.input<typeof PlayTrackInputSchema>;

/** What MusicSpeaker reads of GET /v1/me/player: undefined or '' when nothing is playing (204). */
export const MusicPlayerStateSchema = z.union([
  z.undefined(),
  z.literal(''),
  z.null(),
  z.looseObject({ is_playing: z.boolean(), device: z.looseObject({ id: z.string().nullable() }).nullable().optional() }),
]).transform((state) => (state ? state : null));

/** A track of a playlist that can become a question (GET /v1/playlists/{id}/tracks, one item's track). */
export const PlaylistTrackSchema = z.object({
  uri: z.string().regex(/^spotify:track:[A-Za-z0-9]{1,40}$/),
  name: z.string().min(1),
  artists: z.array(z.string()),
  durationMs: z.number().int().min(0).optional(),
  coverUrl: z.string().regex(/^https?:\/\//).optional(),
});
export type PlaylistTrack = z.infer<typeof PlaylistTrackSchema>;

/** At most this many tracks are read from a playlist: a blind test holds 200 questions. */
export const PLAYLIST_TRACKS_LIMIT = 200;

/** One of the user's playlists as a picker lists it (GET /v1/me/playlists, one item). */
export interface MusicPlaylist {
  id: string;
  name: string;
  trackCount?: number;
}

/** The playlists of GET /v1/me/playlists' body; an unreadable item is left out. */
export function playlistsOf(body: unknown): MusicPlaylist[] {
  const items = typeof body === 'object' && body !== null ? (body as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name, tracks } = item as { id?: unknown; name?: unknown; tracks?: { total?: unknown } | null };
    if (typeof id !== 'string' || !id || typeof name !== 'string') return [];
    return [{ id, name, ...(typeof tracks?.total === 'number' ? { trackCount: tracks.total } : {}) }];
  });
}
