import type { AudioAnalysisPort } from '../ports/audio-analysis.port';
import type { Recording, RecordingSearch } from '../domain/schemas/music.schema';
import { ScriptedFake } from './scripted';

/**
 * The metadata and analysis services: `knowRecordings` sets what any search finds,
 * `knowSearch` what one query finds (another query then finds nothing). A recording
 * without a known analysis looks up as null, as the analysis service answers.
 */
export class FakeAudioAnalysis extends ScriptedFake<'searchRecordings' | 'getHighLevel'> implements AudioAnalysisPort {
  recordings: Recording[] = [];
  readonly searches = new Map<string, Recording[]>();
  highLevel: Record<string, unknown> = {};

  /** Any search finds these recordings, best first. */
  knowRecordings(...recordings: Recording[]): this {
    this.recordings = recordings;
    return this;
  }

  /** A search for exactly `query` finds these recordings, best first. */
  knowSearch(query: string, ...recordings: Recording[]): this {
    this.searches.set(query, recordings);
    return this;
  }

  /** The high-level analysis answered for a recording id. */
  knowAnalysis(recordingId: string, analysis: unknown): this {
    this.highLevel[recordingId] = analysis;
    return this;
  }

  searchRecordings(request: { query: string; fmt: 'json'; limit: number }): Promise<RecordingSearch> {
    return this.run('searchRecordings', [request], () => {
      const found = this.searches.size > 0 ? (this.searches.get(request.query) ?? []) : this.recordings;
      return { recordings: found.slice(0, request.limit) };
    });
  }

  getHighLevel(recordingId: string): Promise<unknown> {
    return this.run('getHighLevel', [recordingId], () => this.highLevel[recordingId] ?? null);
  }
}
