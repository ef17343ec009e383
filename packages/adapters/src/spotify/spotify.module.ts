import { ContainerModule } from 'inversify';
import { MusicPort } from '@sortie/core';
import { SpotifyConfig, SpotifyMusicAdapter } from './spotify-music.adapter';

/** The music provider: MusicPort over the Spotify Web API. */
export function spotifyModule(config: SpotifyConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SpotifyConfig).toConstantValue(config);
    bind(MusicPort).to(SpotifyMusicAdapter).inSingletonScope();
  });
}
