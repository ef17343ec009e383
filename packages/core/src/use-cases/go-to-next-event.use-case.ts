import { inject, injectable } from 'inversify';
import { NEXT_EVENT_QUERY_LIMIT } from '../domain/constants';
import { isObjectId } from '../domain/ids';
import { NavigatorPort } from '../ports/navigator.port';
import { ProductApiPort } from '../ports/product-api.port';
import { fallBackHome, type HomeFallback } from './navigation';

/** Where /nextEvent went: the event or the place, or /home with the reason. */
export type NextEventOutcome = { kind: 'internal'; path: string } | HomeFallback;

/**
 * /nextEvent?place={placeId} (SPEC.md §2): to the place's first upcoming event, to the place
 * itself when it has none, to /home on error (the cause returned for the caller to log).
 * Each replaces the /nextEvent history entry.
 */
@injectable()
export class GoToNextEvent {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
  ) {}

  async execute(placeId: string | null | undefined): Promise<NextEventOutcome> {
    let path: string;
    try {
      if (!isObjectId(placeId)) throw new Error(`Invalid place id: ${String(placeId)}`);
      const { items } = await this.api.listEvents({ placeId, limit: NEXT_EVENT_QUERY_LIMIT });
      const next = items[0];
      if (next === undefined) {
        path = `/places/${placeId}`;
      } else if (isObjectId(next._id)) {
        path = `/events/${next._id}`;
      } else {
        throw new Error(`Invalid event id: ${String(next._id)}`);
      }
    } catch (error) {
      return fallBackHome(this.navigator, error);
    }
    this.navigator.navigate(path, { replace: true });
    return { kind: 'internal', path };
  }
}
