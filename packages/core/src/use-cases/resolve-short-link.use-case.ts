import { inject, injectable } from 'inversify';
import { ShortCodeSchema } from '../domain/schemas/links.schema';
import { ClockPort } from '../ports/clock.port';
import { LinkResolverPort } from '../ports/link-resolver.port';
import { NavigatorPort } from '../ports/navigator.port';
import { externalTarget, userAgentOf } from './link-target';
import { fallBackHome, type HomeFallback } from './navigation';

/** Where /r/{shortCode} went: the link's url, or /home with the reason. */
export type ShortLinkOutcome = { kind: 'external'; url: string } | HomeFallback;

/**
 * /r/{shortCode} (SPEC.md §2, §8): resolves the short link, recording the visit, and leaves
 * for its url. On any failure it goes to /home, replacing the /r entry, and returns the cause
 * (the caller logs it, SPEC.md §8).
 */
@injectable()
export class ResolveShortLink {
  constructor(
    @inject(LinkResolverPort) private readonly links: LinkResolverPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
    @inject(ClockPort) private readonly clock: ClockPort,
  ) {}

  async execute(shortCode: string | undefined): Promise<ShortLinkOutcome> {
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
      return fallBackHome(this.navigator, error);
    }
  }
}
