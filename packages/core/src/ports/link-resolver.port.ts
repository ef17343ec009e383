import type { ServiceIdentifier } from 'inversify';
import type { DynaLink, ShortCodeVisit, Visit } from '../domain/schemas/links.schema';

export const LinkResolverPort = Symbol.for('LinkResolverPort') as ServiceIdentifier<LinkResolverPort>;
/** Short links and dynamic links of the product API. */
export interface LinkResolverPort {
  /** PUT /api/dynaLinks/shortCode: resolves a short code, recording the visit. */
  resolveShortCode(visit: ShortCodeVisit): Promise<Partial<DynaLink>>;
  /** GET /api/dynaLinks/{id} */
  getDynaLink(id: string): Promise<Partial<DynaLink>>;
  /** PUT /api/dynaLinks/{id}/visit */
  recordVisit(id: string, visit: Visit): Promise<void>;
}
