import { inject, injectable } from 'inversify';
import { pathFor } from '../domain/routes';
import type { Share } from '../domain/schemas/links.schema';
import { NavigatorPort } from '../ports/navigator.port';
import { ProductApiPort } from '../ports/product-api.port';
import { SHARE_QUERY_PARAM } from './record-share-view.use-case';

/**
 * The link « Partager » hands on: recorded (a share of the signed-in visitor, its id in
 * ?nshid= so its views are counted), or the event's plain link when no share could be
 * recorded (a visitor, or the server refused; `cause` says why).
 */
export type ShareLinkOutcome = { kind: 'recorded'; url: string; shareId: string } | { kind: 'link-only'; url: string; cause: unknown };

/** « Partager » on an event: records a share (POST /api/shares) and builds the absolute link to hand on. */
@injectable()
export class ShareEvent {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
  ) {}

  async execute(eventId: string): Promise<ShareLinkOutcome> {
    const url = new URL(pathFor('event', { id: eventId }), this.navigator.currentUrl().origin);
    try {
      const created = await this.api.create<Share>('shares', { target: { kind: 'event', id: eventId } });
      url.searchParams.set(SHARE_QUERY_PARAM, created._id);
      return { kind: 'recorded', url: url.toString(), shareId: created._id };
    } catch (cause) {
      // A share is recorded for signed-in visitors; others still get the event's link.
      return { kind: 'link-only', url: url.toString(), cause };
    }
  }
}
