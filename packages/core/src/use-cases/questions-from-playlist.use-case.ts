import { inject, injectable } from 'inversify';
import { trackQuestionOf } from '../domain/blind-test/playlist-questions';
import { ValidationError } from '../domain/errors';
import { ProductApiPort } from '../ports/product-api.port';
import { LoggerPort } from '../ports/logger.port';
import { MusicPlayback } from './music-playback.use-case';

export interface PlaylistQuestions {
  /** The new questions' ids, in the playlist's order. */
  questionIds: string[];
  /** Tracks already in the blind test, or twice in the playlist: not created again. */
  skipped: number;
  /** Tracks the server refused to store (logged). */
  failed: number;
}

/**
 * A signed-in Spotify host's playlist becomes track questions: one per playable track, in the
 * playlist's order, each stored through the product API, for the blind test to append.
 */
@injectable()
export class QuestionsFromPlaylist {
  constructor(
    @inject(MusicPlayback) private readonly playback: MusicPlayback,
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  /** `knownTrackUris`: the tracks the blind test already plays. */
  async execute(playlistId: string, knownTrackUris: Iterable<string> = []): Promise<PlaylistQuestions> {
    if (!playlistId) throw new ValidationError('Choisissez une playlist.');
    const tracks = await this.playback.playlistTracks(playlistId);
    const seen = new Set(knownTrackUris);
    const result: PlaylistQuestions = { questionIds: [], skipped: 0, failed: 0 };
    // One after the other: the questions keep the playlist's order, and the API is not flooded.
    for (const track of tracks) {
      if (seen.has(track.uri)) {
        result.skipped += 1;
        continue;
      }
      seen.add(track.uri);
      try {
        const created = await this.api.create<{ _id: string }>('questions', trackQuestionOf(track));
        result.questionIds.push(created._id);
      } catch (error) {
        result.failed += 1;
        this.logger.warn('Question refusée pour un morceau de la playlist', { trackUri: track.uri, error });
      }
    }
    return result;
  }
}
