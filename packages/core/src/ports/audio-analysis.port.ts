import type { ServiceIdentifier } from 'inversify';
import type { RecordingSearch } from '../domain/schemas/music.schema';

export const AudioAnalysisPort = Symbol.for('AudioAnalysisPort') as ServiceIdentifier<AudioAnalysisPort>;
/** The music metadata service (MusicBrainz) and the high-level analysis service. */
export interface AudioAnalysisPort {
  /** Recording search: `query`, fmt=json and `limit` as given. */
  searchRecordings(request: { query: string; fmt: 'json'; limit: number }): Promise<RecordingSearch>;
  /** High-level analysis lookup by recording_ids={mbid}. */
  getHighLevel(recordingId: string): Promise<unknown>;
}
