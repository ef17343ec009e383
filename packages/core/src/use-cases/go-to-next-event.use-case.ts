import { inject, injectable } from 'inversify';
import { HOME_PATH, NEXT_EVENT_QUERY_LIMIT } from '../domain/constants';
import { isObjectId } from '../domain/ids';
import { LoggerPort } from '../ports/logger.port';
import { NavigatorPort } from '../ports/navigator.port';
import { ProductApiPort } from '../ports/product-api.port';
import type { Navigation } from './navigation';

/**
 * /nextEvent?place={placeId} (SPEC.md §2): to the place's first upcoming event, to the place
 * itself when it has none, to /home on error. Each replaces the /nextEvent history entry.
 */
@injectable()
export class GoToNextEvent {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(NavigatorPort) private readonly navigator: NavigatorPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async execute(placeId: string | null | undefined): Promise<Navigation> {
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
      this.logger.error('Next event lookup failed', { placeId, error });
      path = HOME_PATH;
    }
    this.navigator.navigate(path, { replace: true });
    return { kind: 'internal', path };
  }
}
