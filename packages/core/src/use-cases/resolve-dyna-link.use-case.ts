import { inject, injectable } from 'inversify';
import { ObjectIdSchema } from '../domain/schemas/common.schema';
import { ClockPort } from '../ports/clock.port';
import { LinkResolverPort } from '../ports/link-resolver.port';
import { LoggerPort } from '../ports/logger.port';
import { NavigatorPort } from '../ports/navigator.port';
import { externalTarget, userAgentOf } from './link-target';
import { stay, type Navigation } from './navigation';

/**
 * ?dyna={id} (SPEC.md §2, §8): fetches the dynamic link, records the visit and leaves for
 * its url. On failure it logs and the visitor stays where it is.
 */
@injectable()
export class ResolveDynaLink {
  constructor(
    @inject(LinkResolverPort) private readonly links: LinkResolverPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
    @inject(ClockPort) private readonly clock: ClockPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async execute(id: string): Promise<Navigation> {
    let url: string;
    try {
      const linkId = ObjectIdSchema.parse(id);
      url = externalTarget(await this.links.getDynaLink(linkId));
    } catch (error) {
      this.logger.error('Dynamic link could not be resolved', { id, error });
      return stay;
    }
    // The visit is recorded before leaving: a full page load could cancel the request.
    try {
      await this.links.recordVisit(id, { datetime: this.clock.now().toISOString(), userAgent: userAgentOf(this.navigator) });
    } catch (error) {
      this.logger.error('Dynamic link visit could not be recorded', { id, error });
    }
    this.navigator.redirect(url);
    return { kind: 'external', url };
  }
}
