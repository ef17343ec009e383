import type { ServiceIdentifier } from 'inversify';
import type { Page } from '../domain/schemas/common.schema';
import type { Event, EventQuery } from '../domain/schemas/events.schema';
import type { CurrentUser, Notification } from '../domain/schemas/people.schema';
import type { LoginWeb } from '../domain/schemas/auth.schema';
import type { ResourceName } from '../domain/resources';
import type { Operation, OperationOf, OperationParams, OperationResponse } from '../domain/operations';
import type { OperationRoute } from '../domain/operation-routes';

export type Query = Record<string, string | number | boolean | undefined>;

/** The arguments of `call`: the params may be left out when the operation needs none. */
export type CallArgs<O extends Operation> = Partial<OperationParams<O>> extends OperationParams<O> ? [params?: OperationParams<O>] : [params: OperationParams<O>];
/** An operation with its schemas, or only its route (OPERATION_ROUTES): typed alike. */
export type Callable = Operation | OperationRoute;
/** The operation a callable stands for. */
export type OperationFor<C extends Callable> = C extends Operation ? C : OperationOf<C>;

export const ProductApiPort = Symbol.for('ProductApiPort') as ServiceIdentifier<ProductApiPort>;
/**
 * The product API (SPEC.md §7 and the server's REST). Every failure rejects with a core
 * error carrying the status (ApiError, NotFoundError, AuthError, ValidationError).
 */
export interface ProductApiPort {
  /** GET /api/auth/me, with the session cookie. */
  me(): Promise<CurrentUser>;
  /** POST /api/auth/login/web {idToken, messagingToken}; account creation sends {idToken} only. */
  loginWeb(body: LoginWeb): Promise<unknown>;
  /** POST /api/auth/logout, no body; the response has user. */
  logout(): Promise<{ user: CurrentUser | null }>;
  /** GET /api/events with filters. */
  listEvents(query: EventQuery): Promise<Page<Event>>;
  /** PUT /api/shares/{id}/addView {userAgent} */
  addShareView(id: string, body: { userAgent: string }): Promise<void>;
  /** GET /api/notifications/{id} */
  getNotification(id: string): Promise<Notification>;

  /**
   * One operation of the product API: the URL built from its path template. Given the whole
   * operation (OPERATIONS), the answer is parsed with its response schema (a mismatch rejects
   * with ApiError code UNEXPECTED_RESPONSE); given only its route (OPERATION_ROUTES), as a
   * browser page does to keep zod out of its download, the answer is typed but not parsed.
   */
  call<C extends Callable>(operation: C, ...args: CallArgs<OperationFor<C>>): Promise<OperationResponse<OperationFor<C>>>;

  /** GET /api/{resource} */
  list<T = unknown>(resource: ResourceName, query?: Query): Promise<Page<T>>;
  /** GET /api/{resource}/{id} */
  get<T = unknown>(resource: ResourceName, id: string): Promise<T>;
  /** POST /api/{resource} */
  create<T = unknown>(resource: ResourceName, body: unknown): Promise<T>;
  /** PATCH /api/{resource}/{id} */
  update<T = unknown>(resource: ResourceName, id: string, body: unknown): Promise<T>;
  /** DELETE /api/{resource}/{id} */
  remove(resource: ResourceName, id: string): Promise<void>;
  /** Any other call of the server's REST, relative to /api. */
  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options?: { query?: Query; body?: unknown }): Promise<T>;
}
