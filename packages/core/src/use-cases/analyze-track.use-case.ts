import { inject, injectable } from 'inversify';
import { AUDIO_SEARCH_LIMIT, NO_MATCHING_TRACK_MESSAGE } from '../domain/constants';
import { AppError, ValidationError } from '../domain/errors';
import type { Recording, Track, TrackAnalysis } from '../domain/schemas/music.schema';
import { AudioAnalysisPort } from '../ports/audio-analysis.port';

/**
 * Audio analysis of a track (SPEC.md §5, §7): a recording search on the track's name and
 * first artist, then the high-level analysis of the best recording.
 */
@injectable()
export class AnalyzeTrack {
  constructor(@inject(AudioAnalysisPort) private readonly audio: AudioAnalysisPort) {}

  async execute(track: Track): Promise<TrackAnalysis> {
    const recording = await this.findRecording(track);
    const highLevel = await this.audio.getHighLevel(recording.id);
    return { recording, highLevel };
  }

  /** The search alone: the best recording, or "No matching track found in MusicBrainz". */
  async findRecording(track: Track): Promise<Recording> {
    const artist = track?.artists?.[0]?.name;
    if (!track?.name || !artist) throw new ValidationError('Titre ou artiste manquant.');
    const { recordings } = await this.audio.searchRecordings({ query: `${track.name} AND artist:${artist}`, fmt: 'json', limit: AUDIO_SEARCH_LIMIT });
    const recording = recordings?.[0];
    if (!recording) throw new AppError(NO_MATCHING_TRACK_MESSAGE, { code: 'NO_MATCHING_TRACK', statusCode: 404 });
    return recording;
  }

  /** The high-level analysis of a recording found by `findRecording`. */
  highLevelOf(recording: Recording): Promise<unknown> {
    return this.audio.getHighLevel(recording.id);
  }
}
