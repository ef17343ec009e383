import type { ProductApiPort } from '../../ports/product-api.port';
import { AuthError, NotFoundError } from '../../domain/errors';
import { OPERATIONS } from '../../domain/operations';
import { rejectionOf, withSubject, type ContractRunner, type Teardown } from './runner';

export interface ProductApiSubject extends Teardown {
  /** Signed in as the owner of the notification. */
  port: ProductApiPort;
  /** The same API with nobody signed in. */
  anonymous: ProductApiPort;
  /** A place with at least two events, while other events take place elsewhere. */
  placeId: string;
  /** A notification the API serves to this caller. */
  notificationId: string;
  /** A place the API serves by id. */
  knownPlaceId: string;
}

const UNKNOWN_ID = 'fffffffffffffffffffffff0';

/** What a caller of ProductApiPort may rely on (a representative subset of its calls). */
export function productApiContract(t: ContractRunner, name: string, setup: () => Promise<ProductApiSubject> | ProductApiSubject): void {
  const { it, expect } = t;
  withSubject(t, `ProductApiPort contract: ${name}`, setup, (subject) => {
    it('lists the events of a place as a page: meta {total, limit, offset} and only that place’s events', async () => {
      const { port, placeId } = subject();
      const page = await port.listEvents({ placeId, limit: 1 });
      expect(page.meta).toMatchObject({ limit: 1, offset: 0 });
      expect(page.meta.total).toBeGreaterThanOrEqual(2);
      expect(page.items).toHaveLength(1);
      const all = await port.listEvents({ placeId, limit: 100 });
      expect(all.items.length).toBe(all.meta.total);
      expect(all.items.every((event) => event.placeId === placeId)).toBe(true);
    });

    it('pages with offset: the second page holds the next event', async () => {
      const { port, placeId } = subject();
      const all = await port.listEvents({ placeId, limit: 100 });
      const second = await port.listEvents({ placeId, limit: 1, offset: 1 });
      expect(second.meta).toMatchObject({ total: all.meta.total, limit: 1, offset: 1 });
      expect(second.items.map((event) => event._id)).toEqual([all.items[1]?._id]);
    });

    it('reads a notification by id, and rejects an unknown one with NotFoundError (404)', async () => {
      const { port, notificationId } = subject();
      await expect(port.getNotification(notificationId)).resolves.toMatchObject({ _id: notificationId });
      const error = await rejectionOf(port.getNotification(UNKNOWN_ID));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ statusCode: 404 });
    });

    it('reads a record by id through the generic REST, and rejects an unknown one with NotFoundError (404)', async () => {
      const { port, knownPlaceId } = subject();
      await expect(port.get('places', knownPlaceId)).resolves.toMatchObject({ _id: knownPlaceId });
      await expect(port.get('places', UNKNOWN_ID)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('reads the signed-in user with me(), and rejects it with AuthError (401) when nobody is signed in', async () => {
      const { port, anonymous } = subject();
      await expect(port.me()).resolves.toMatchObject({ _id: expect.any(String) });
      const error = await rejectionOf(anonymous.me());
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ statusCode: 401 });
    });

    it('calls an operation of the contract table: OPERATIONS.me is me(), refused with AuthError (401) when nobody is signed in', async () => {
      const { port, anonymous } = subject();
      const me = await port.me();
      await expect(port.call(OPERATIONS.me)).resolves.toMatchObject({ _id: me._id });
      const error = await rejectionOf(anonymous.call(OPERATIONS.me));
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ statusCode: 401 });
    });

    it('logs out, resolving {user: null}; me() is then refused', async () => {
      const { port } = subject();
      await expect(port.logout()).resolves.toEqual({ user: null });
      await expect(port.me()).rejects.toBeInstanceOf(AuthError);
    });
  });
}
