import { inject, injectable } from 'inversify';
import { isObjectId } from '../domain/ids';
import { NavigatorPort } from '../ports/navigator.port';
import { ProductApiPort } from '../ports/product-api.port';
import { userAgentOf } from './link-target';

export const SHARE_QUERY_PARAM = 'nshid';

/** What ?nshid= led to: nothing (no nshid), a recorded view, or a failure with its cause (logged only, SPEC.md §8). */
export type ShareViewOutcome = { kind: 'none' } | { kind: 'recorded'; shareId: string } | { kind: 'failed'; shareId: string; cause: unknown };

/**
 * ?nshid={id} (SPEC.md §2): run after each navigation. It takes nshid out of the address,
 * replacing the current history entry and keeping the path, the other query parameters
 * (in order, as written) and the hash, then records the share view. A failure is returned
 * for the caller to log; the visitor sees nothing of it.
 */
@injectable()
export class RecordShareView {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
  ) {}

  async execute(): Promise<ShareViewOutcome> {
    const url = this.navigator.currentUrl();
    const shareId = url.searchParams.get(SHARE_QUERY_PARAM);
    if (shareId === null) return { kind: 'none' };

    this.navigator.navigate(withoutShareParam(url), { replace: true });
    try {
      if (!isObjectId(shareId)) throw new Error(`Invalid share id: ${shareId}`);
      await this.api.addShareView(shareId, { userAgent: userAgentOf(this.navigator) });
      return { kind: 'recorded', shareId };
    } catch (error) {
      return { kind: 'failed', shareId, cause: error };
    }
  }
}

/** The path, query and hash without nshid; the other pairs are kept byte for byte. */
function withoutShareParam(url: URL): string {
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && new URLSearchParams(pair).keys().next().value !== SHARE_QUERY_PARAM);
  return `${url.pathname}${kept.length ? `?${kept.join('&')}` : ''}${url.hash}`;
}
