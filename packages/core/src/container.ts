import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import { ProductApiPort } from './ports/product-api.port';
import { QueryClient } from './queries/query-client';
import { subscribe } from 'valtio/vanilla';
import { SessionService, USE_CASES } from './use-cases';

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
 * per program: `queries` when the program made it before its container, as the web app does
 * so that its first pages read the API without inversify); the ports come from the adapters' modules.
 */
export function useCasesModuleWith({ queries }: { queries?: QueryClient } = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(QueryClient).toDynamicValue((context) => {
      const client = queries ?? new QueryClient(context.get(ProductApiPort));
      // The signed-in user's own reads (['me', …]) are theirs: another user starts afresh. Wired
      // here rather than in SessionService so that the session does not bring the cache along
      // to every page that only asks who is signed in.
      const session = context.get(SessionService).state;
      let userId = session.user?._id;
      subscribe(
        session,
        () => {
          if (session.user?._id === userId) return;
          userId = session.user?._id;
          client.reset(['me']);
        },
        true,
      );
      return client;
    });
    for (const useCase of USE_CASES) bind(useCase).toSelf();
  });
}

/** The use cases with a query cache of their own. */
export const useCasesModule = useCasesModuleWith();
