import type { AudioAnalysisPort } from '../../ports/audio-analysis.port';
import type { Recording } from '../../domain/schemas/music.schema';
import { withSubject, type ContractRunner, type Teardown } from './runner';

export interface AudioAnalysisSubject extends Teardown {
  port: AudioAnalysisPort;
  /** A query the metadata service answers with these recordings, best first (two at least). */
  query: string;
  recordings: Recording[];
  /** The high-level analysis the service holds for recordings[0]. */
  analysis: Record<string, unknown>;
}

/** What a caller of AudioAnalysisPort may rely on, whoever implements it (MusicBrainz and the analysis service, or the fake). */
export function audioAnalysisContract(t: ContractRunner, name: string, setup: () => Promise<AudioAnalysisSubject> | AudioAnalysisSubject): void {
  const { it, expect } = t;
  withSubject(t, `AudioAnalysisPort contract: ${name}`, setup, (subject) => {
    it('searches recordings: id, title and score of each, best first, at most `limit`', async () => {
      const { port, query, recordings } = subject();
      await expect(port.searchRecordings({ query, fmt: 'json', limit: 1 })).resolves.toEqual({ recordings: recordings.slice(0, 1) });
      await expect(port.searchRecordings({ query, fmt: 'json', limit: 10 })).resolves.toEqual({ recordings });
    });

    it('resolves an empty list when nothing matches', async () => {
      await expect(subject().port.searchRecordings({ query: 'zzz-aucun-enregistrement', fmt: 'json', limit: 1 })).resolves.toEqual({ recordings: [] });
    });

    it('looks up the high-level analysis of a recording', async () => {
      const { port, recordings, analysis } = subject();
      await expect(port.getHighLevel(recordings[0]!.id)).resolves.toEqual(analysis);
    });

    it('resolves null for a recording the analysis service does not know', async () => {
      await expect(subject().port.getHighLevel('00000000-0000-0000-0000-000000000000')).resolves.toBeNull();
    });
  });
}
