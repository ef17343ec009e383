import { ContainerModule } from 'inversify';
import { AuthPort, PushPort } from '@sortie/core';
import { LocalAuthAdapter } from './local-auth.adapter';
import { SocketPushAdapter } from './socket-push.adapter';

/**
 * Identity and push against our own server (the embedded default). Needs httpModule's
 * ApiClient, socketModule's TournamentSocketPort and a LoggerPort.
 */
export function localIdentityModule(_config: object = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(AuthPort).to(LocalAuthAdapter).inSingletonScope();
    bind(PushPort).to(SocketPushAdapter).inSingletonScope();
  });
}
