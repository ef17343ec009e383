import type { z } from 'zod';
import type { QuestionInputSchema } from '../schemas/games.schema';
import type { PlaylistTrack } from '../schemas/music.schema';

/** Where a question built from a playlist starts its track: past the intro, into the song. */
export const PLAYLIST_TRACK_OFFSET_SECONDS = 30;

/** A new question's fields, as the questions resource takes them. */
export type QuestionDraft = z.input<typeof QuestionInputSchema>;

/**
 * The track question a playlist's track becomes: its title and first artist to find, its
 * cover for the reveal, played from 30 s (from the start when the track is too short for that).
 */
export function trackQuestionOf(track: PlaylistTrack): QuestionDraft {
  const short = track.durationMs !== undefined && track.durationMs < (PLAYLIST_TRACK_OFFSET_SECONDS + 30) * 1000;
  return {
    kind: 'track',
    ask: 'both',
    title: track.name.slice(0, 200),
    artist: track.artists[0]!.slice(0, 200),
    trackUri: track.uri,
    offsetSeconds: short ? 0 : PLAYLIST_TRACK_OFFSET_SECONDS,
    ...(track.coverUrl ? { coverUrl: track.coverUrl } : {}),
  };
}
