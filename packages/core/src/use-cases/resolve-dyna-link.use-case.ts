import { inject, injectable } from 'inversify';
import { ObjectIdSchema } from '../domain/schemas/common.schema';
import { isShortCode } from '../domain/ids';
import { pathFor } from '../domain/routes';
import { ClockPort } from '../ports/clock.port';
import { LinkResolverPort } from '../ports/link-resolver.port';
import { NavigatorPort } from '../ports/navigator.port';
import { externalTarget, userAgentOf } from './link-target';
import type { Fallback } from './navigation';

/**
 * Where ?dyna={id} went: the link's url (with the failure to record the visit, if any: the
 * visitor leaves all the same), or nowhere with the reason.
 */
export type DynaLinkOutcome = { kind: 'external'; url: string; visitFailure?: unknown } | { kind: 'shortLink'; path: string } | (Fallback & { path: null });

/**
 * ?dyna={id} (SPEC.md §2, §8): fetches the dynamic link, records the visit and leaves for
 * its url. On failure the visitor stays where it is; the outcome carries the cause for the
 * caller to log (SPEC.md §8).
 */
@injectable()
export class ResolveDynaLink {
  constructor(
    @inject(LinkResolverPort) private readonly links: LinkResolverPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
    @inject(ClockPort) private readonly clock: ClockPort,
  ) {}

  async execute(id: string): Promise<DynaLinkOutcome> {
    let url: string;
    try {
      const linkId = ObjectIdSchema.parse(id);
      const link = await this.links.getDynaLink(linkId);
      // A link with a password, or a venue's link page (issue 36), is opened at its short
      // address: it asks for the password, or draws the page, and counts the visit itself.
      if ((link.protected === true || link.page) && typeof link.shortCode === 'string' && isShortCode(link.shortCode)) {
        const path = pathFor('shortLink', { shortCode: link.shortCode });
        this.navigator.redirect(path);
        return { kind: 'shortLink', path };
      }
      url = externalTarget(link);
    } catch (error) {
      return { kind: 'fallback', path: null, cause: error };
    }
    // The visit is recorded before leaving: a full page load could cancel the request.
    let visitFailure: unknown;
    try {
      await this.links.recordVisit(id, { datetime: this.clock.now().toISOString(), userAgent: userAgentOf(this.navigator) });
    } catch (error) {
      visitFailure = error;
    }
    this.navigator.redirect(url);
    return visitFailure === undefined ? { kind: 'external', url } : { kind: 'external', url, visitFailure };
  }
}
