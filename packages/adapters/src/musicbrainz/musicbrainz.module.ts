import { ContainerModule } from 'inversify';
import { AudioAnalysisPort } from '@sortie/core';
import { MusicBrainzAnalysisAdapter, MusicBrainzConfig } from './musicbrainz-analysis.adapter';

/** The music metadata service: AudioAnalysisPort over MusicBrainz (needs a ClockPort). */
export function musicbrainzModule(config: MusicBrainzConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MusicBrainzConfig).toConstantValue(config);
    bind(AudioAnalysisPort).to(MusicBrainzAnalysisAdapter).inSingletonScope();
  });
}
