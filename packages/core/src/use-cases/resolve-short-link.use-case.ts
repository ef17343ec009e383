import { inject, injectable } from 'inversify';
import { HOME_PATH } from '../domain/constants';
import { ShortCodeSchema } from '../domain/schemas/links.schema';
import { ClockPort } from '../ports/clock.port';
import { LinkResolverPort } from '../ports/link-resolver.port';
import { LoggerPort } from '../ports/logger.port';
import { NavigatorPort } from '../ports/navigator.port';
import { externalTarget, userAgentOf } from './link-target';
import type { Navigation } from './navigation';

/**
 * /r/{shortCode} (SPEC.md §2, §8): resolves the short link, recording the visit, and leaves
 * for its url. On any failure it logs and goes to /home, replacing the /r entry.
 */
@injectable()
export class ResolveShortLink {
  constructor(
    @inject(LinkResolverPort) private readonly links: LinkResolverPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
    @inject(ClockPort) private readonly clock: ClockPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async execute(shortCode: string | undefined): Promise<Navigation> {
    try {
      const code = ShortCodeSchema.parse(shortCode);
      const link = await this.links.resolveShortCode({
        shortCode: code,
        datetime: this.clock.now().toISOString(),
        userAgent: userAgentOf(this.navigator),
      });
      const url = externalTarget(link);
      this.navigator.redirect(url);
      return { kind: 'external', url };
    } catch (error) {
      this.logger.error('Short link could not be resolved', { shortCode, error });
      this.navigator.navigate(HOME_PATH, { replace: true });
      return { kind: 'internal', path: HOME_PATH };
    }
  }
}
