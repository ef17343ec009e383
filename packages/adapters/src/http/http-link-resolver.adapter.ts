import { inject, injectable } from 'inversify';
import type { DynaLink, LinkResolverPort, ShortCodeVisit, Visit } from '@sortie/core';
import { ApiClient } from './api-client';

/** Short links and dynamic links (SPEC.md §7); the use cases decide what a failure means. */
@injectable()
export class HttpLinkResolverAdapter implements LinkResolverPort {
  constructor(@inject(ApiClient) private readonly client: ApiClient) {}

  resolveShortCode(visit: ShortCodeVisit): Promise<Partial<DynaLink>> {
    return this.client.call('PUT', '/api/dynaLinks/shortCode', { body: visit });
  }

  getDynaLink(id: string): Promise<Partial<DynaLink>> {
    return this.client.call('GET', `/api/dynaLinks/${encodeURIComponent(id)}`);
  }

  async recordVisit(id: string, visit: Visit): Promise<void> {
    await this.client.call('PUT', `/api/dynaLinks/${encodeURIComponent(id)}/visit`, { body: visit });
  }
}
