import type { AudioAnalysisPort } from '../ports/audio-analysis.port';
import type { Recording, RecordingSearch } from '../domain/schemas/music.schema';
import { ScriptedFake } from './scripted';

/** The metadata and analysis services: `knowRecordings` sets what a search finds. */
export class FakeAudioAnalysis extends ScriptedFake<'searchRecordings' | 'getHighLevel'> implements AudioAnalysisPort {
  recordings: Recording[] = [];
  highLevel: Record<string, unknown> = {};

  /** A search finds these recordings, best first. */
  knowRecordings(...recordings: Recording[]): this {
    this.recordings = recordings;
    return this;
  }

  /** The high-level analysis answered for a recording id. */
  knowAnalysis(recordingId: string, analysis: unknown): this {
    this.highLevel[recordingId] = analysis;
    return this;
  }

  searchRecordings(request: { query: string; fmt: 'json'; limit: number }): Promise<RecordingSearch> {
    return this.run('searchRecordings', [request], () => ({ recordings: this.recordings.slice(0, request.limit) }));
  }

  getHighLevel(recordingId: string): Promise<unknown> {
    return this.run('getHighLevel', [recordingId], () => this.highLevel[recordingId] ?? {});
  }
}
