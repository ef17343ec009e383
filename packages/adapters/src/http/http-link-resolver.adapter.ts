import { inject, injectable } from 'inversify';
import { LinkNotFoundError, NotFoundError, OPERATION_ROUTES, operationPath, resourceApiPath, type DynaLink, type LinkResolverPort, type ShortCodeVisit, type Visit } from '@sortie/core';
import { ApiClient } from './api-client';

/**
 * Short links and dynamic links (SPEC.md §7); the use cases decide what a failure means. A
 * 404 is a LinkNotFoundError, as the port promises, whatever route of the server answered it.
 */
@injectable()
export class HttpLinkResolverAdapter implements LinkResolverPort {
  constructor(@inject(ApiClient) private readonly client: ApiClient) {}

  resolveShortCode(visit: ShortCodeVisit): Promise<Partial<DynaLink>> {
    return linkCall(this.client.call(OPERATION_ROUTES.visitShortCode.method, OPERATION_ROUTES.visitShortCode.path, { body: visit }));
  }

  getDynaLink(id: string): Promise<Partial<DynaLink>> {
    return linkCall(this.client.call('GET', resourceApiPath('dynaLinks', id)));
  }

  async recordVisit(id: string, visit: Visit): Promise<void> {
    await linkCall(this.client.call(OPERATION_ROUTES.visitDynaLink.method, operationPath(OPERATION_ROUTES.visitDynaLink, { id }), { body: visit }));
  }
}

async function linkCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NotFoundError && !(error instanceof LinkNotFoundError)) throw new LinkNotFoundError(error.message, { cause: error });
    throw error;
  }
}
