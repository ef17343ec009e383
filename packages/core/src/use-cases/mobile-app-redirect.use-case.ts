import { inject, injectable } from 'inversify';
import { MOBILE_REDIRECT_COOKIE, MOBILE_REDIRECT_MARKER_MAX_AGE_SECONDS, MOBILE_REDIRECT_SKIPPED_PREFIXES } from '../domain/constants';
import { HttpUrlSchema } from '../domain/schemas/common.schema';
import { platformOf, type MobilePlatform } from '../domain/platform';
import { CookiePort } from '../ports/cookie.port';
import { NavigatorPort } from '../ports/navigator.port';
import { RuntimeConfig } from '../ports/runtime-config.port';


export interface MobileRedirectDecision {
  redirect: boolean;
  target: string | null;
  platform: MobilePlatform;
  /** Why: 'skipped-path', 'other-platform', 'already-attempted', 'no-store-page' or 'store-page'. */
  reason: string;
}


/**
 * The mobile-app redirect (SPEC.md §4): Android and iPhone/iPad/iPod visitors are sent to
 * their store page at most once per 24 hours, a one-day cookie marking the attempt; never
 * on the skipped path prefixes, never on other systems.
 */
@injectable()
export class MobileAppRedirect {
  constructor(
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
    @inject(CookiePort) private readonly cookies: CookiePort,
    @inject(RuntimeConfig) private readonly config: RuntimeConfig,
  ) {}

  /** What would happen on `pathname`, without doing it. */
  decide(pathname: string): MobileRedirectDecision {
    const platform = platformOf(this.navigator.userAgent());
    const no = (reason: string): MobileRedirectDecision => ({ redirect: false, target: null, platform, reason });
    if (MOBILE_REDIRECT_SKIPPED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return no('skipped-path');
    if (platform === 'other') return no('other-platform');
    if (this.cookies.get(MOBILE_REDIRECT_COOKIE) !== null) return no('already-attempted');
    const page = HttpUrlSchema.safeParse(this.config.storePages?.[platform]);
    if (!page.success) return no('no-store-page');
    return { redirect: true, target: page.data, platform, reason: 'store-page' };
  }

  /** Marks the attempt for a day, then leaves for the store page, when `decide` says so. */
  execute(pathname: string): MobileRedirectDecision {
    const decision = this.decide(pathname);
    if (decision.redirect && decision.target) {
      this.cookies.set(MOBILE_REDIRECT_COOKIE, '1', { maxAgeSeconds: MOBILE_REDIRECT_MARKER_MAX_AGE_SECONDS });
      this.navigator.redirect(decision.target);
    }
    return decision;
  }
}
