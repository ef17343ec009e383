import { ContainerModule } from 'inversify';
import { TournamentSocketPort } from '@sortie/core';
import { SocketConfig, SocketIoTournamentAdapter } from './socket-io-tournament.adapter';

/** The realtime socket: TournamentSocketPort over socket.io-client (needs a LoggerPort). */
export function socketModule(config: SocketConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SocketConfig).toConstantValue(config);
    bind(TournamentSocketPort).to(SocketIoTournamentAdapter).inSingletonScope();
  });
}
