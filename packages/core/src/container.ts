import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import { QueryClient } from './queries/query-client';
import { USE_CASES } from './use-cases';

/**
 * Builds a program's container from its container modules. Every binding is a singleton
 * unless a module says otherwise: the stores inside SessionService and NotificationInbox
 * must be one per program.
 */
export function createContainer(...modules: ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...modules);
  return container;
}

/**
 * Binds every use-case class to itself, and the query cache they and the pages share (one
 * per program); the ports come from the adapters' modules.
 */
export const useCasesModule = new ContainerModule(({ bind }) => {
  bind(QueryClient).toSelf();
  for (const useCase of USE_CASES) bind(useCase).toSelf();
});
