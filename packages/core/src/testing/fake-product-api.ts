import type { CallArgs, Callable, OperationFor, ProductApiPort, Query } from '../ports/product-api.port';
import { OPERATIONS, operationPath, type Operation, type OperationName, type OperationParams, type OperationResponse } from '../domain/operations';
import type { Page } from '../domain/schemas/common.schema';
import type { Event, EventQuery } from '../domain/schemas/events.schema';
import type { CurrentUser, Notification } from '../domain/schemas/people.schema';
import type { LoginWeb } from '../domain/schemas/auth.schema';
import type { ResourceName } from '../domain/resources';
import { AuthError, NotFoundError } from '../domain/errors';
import type { z } from 'zod';
import { ScriptedFake } from './scripted';
import { aUser, anId } from './builders';

type ApiMethod =
  | 'me'
  | 'loginWeb'
  | 'logout'
  | 'listEvents'
  | 'addShareView'
  | 'getNotification'
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'remove'
  | 'request'
  | 'call';

type Stored = Record<string, unknown> & { _id: string };

/**
 * The product API in memory. Records live per resource (`seed`); the session is
 * `currentUser`, which a successful loginWeb sets to `userAfterLogin`. Any method can be
 * scripted per call (`answerOnce`, `failOnce`, …) and every call is recorded.
 */
export class FakeProductApi extends ScriptedFake<ApiMethod> implements ProductApiPort {
  readonly records = new Map<string, Stored[]>();
  currentUser: CurrentUser | null = null;
  userAfterLogin: CurrentUser = aUser();
  /** What POST /api/auth/logout answers as user. */
  userAfterLogout: CurrentUser | null = null;
  readonly shareViews: Array<{ id: string; userAgent: string }> = [];
  readonly #served = new Map<string, (params: never) => unknown>([[OPERATIONS.me.name, () => this.#signedIn()]]);

  /**
   * From now on, `operation` answers what `handler` returns, checked against the operation's
   * response schema as the HTTP adapter checks the server's answer.
   */
  serve<O extends Operation>(operation: O, handler: (params: OperationParams<O>) => z.input<O['response']> | Promise<z.input<O['response']>>): this {
    this.#served.set(operation.name, handler as (params: never) => unknown);
    return this;
  }

  /** The params of each call of one operation, in order. */
  callsOf(operation: Operation): unknown[] {
    return this.callsTo('call').filter(([name]) => name === operation.name).map(([, params]) => params);
  }

  /** The server's session belongs to `user` (null: nobody is signed in). */
  signedInAs(user: CurrentUser | null): this {
    this.currentUser = user;
    return this;
  }

  /** Puts records in memory under a resource name ('events', 'notifications', …). */
  seed(resource: ResourceName | string, ...items: Array<Record<string, unknown>>): this {
    const list = this.#list(resource);
    for (const item of items) list.push({ _id: anId(), ...item } as Stored);
    return this;
  }

  me(): Promise<CurrentUser> {
    return this.run('me', [], () => this.#signedIn());
  }

  loginWeb(body: LoginWeb): Promise<unknown> {
    return this.run('loginWeb', [body], () => {
      this.currentUser = this.userAfterLogin;
      return { user: this.currentUser };
    });
  }

  logout(): Promise<{ user: CurrentUser | null }> {
    return this.run('logout', [], () => {
      this.currentUser = this.userAfterLogout;
      return { user: this.userAfterLogout };
    });
  }

  listEvents(query: EventQuery): Promise<Page<Event>> {
    return this.run('listEvents', [query], () => {
      const matching = this.#list('events').filter((event) => !query.placeId || event['placeId'] === query.placeId) as unknown as Event[];
      return pageOf(matching, query.limit, query.offset);
    });
  }

  addShareView(id: string, body: { userAgent: string }): Promise<void> {
    return this.run('addShareView', [id, body], () => {
      this.shareViews.push({ id, userAgent: body.userAgent });
    });
  }

  getNotification(id: string): Promise<Notification> {
    return this.run('getNotification', [id], () => this.#find('notifications', id) as unknown as Notification);
  }

  list<T = unknown>(resource: ResourceName, query: Query = {}): Promise<Page<T>> {
    // As the server's generic list: `q` keeps the records whose text holds it (case aside).
    const q = typeof query['q'] === 'string' ? query['q'].trim().toLowerCase() : '';
    const matching = q ? this.#list(resource).filter((record) => JSON.stringify(record).toLowerCase().includes(q)) : this.#list(resource);
    return this.run('list', [resource, query], () => pageOf(matching as T[], query['limit'], query['offset']));
  }

  get<T = unknown>(resource: ResourceName, id: string): Promise<T> {
    return this.run('get', [resource, id], () => this.#find(resource, id) as T);
  }

  create<T = unknown>(resource: ResourceName, body: unknown): Promise<T> {
    return this.run('create', [resource, body], () => {
      const record = { _id: anId(), ...(body as object) } as Stored;
      this.#list(resource).push(record);
      return record as T;
    });
  }

  update<T = unknown>(resource: ResourceName, id: string, body: unknown): Promise<T> {
    return this.run('update', [resource, id, body], () => Object.assign(this.#find(resource, id), body) as T);
  }

  remove(resource: ResourceName, id: string): Promise<void> {
    return this.run('remove', [resource, id], () => {
      const list = this.#list(resource);
      list.splice(list.indexOf(this.#find(resource, id)), 1);
    });
  }

  /** A route alone is answered as its whole operation: the fake still parses what a test scripts. */
  call<C extends Callable>(callable: C, ...[params]: CallArgs<OperationFor<C>>): Promise<OperationResponse<OperationFor<C>>> {
    const operation: Operation = 'response' in callable ? callable : OPERATIONS[callable.name as OperationName];
    return this.run('call', [operation.name, params ?? {}], async () => {
      const handler = this.#served.get(operation.name);
      const answer = handler ? await handler((params ?? {}) as never) : await this.#requestFor(operation, (params ?? {}) as { path?: Record<string, unknown>; query?: Query; body?: unknown });
      return operation.response.parse(answer) as OperationResponse<OperationFor<C>>;
    });
  }

  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
    return this.run('request', [method, path, options], () => {
      throw new NotFoundError(`No scripted answer for ${method} ${path}`);
    });
  }

  /**
   * An operation without a handler answers what `request` is scripted to answer for its
   * method and path (relative to /api), so tests that script paths still drive it.
   */
  #requestFor(operation: Operation, params: { path?: Record<string, unknown>; query?: Query; body?: unknown }): Promise<unknown> {
    const path = operationPath(operation, params.path).replace(/^\/api/, '');
    return this.request(operation.method, path, { ...(params.query ? { query: params.query } : {}), ...(params.body === undefined ? {} : { body: params.body }) });
  }

  #signedIn(): CurrentUser {
    if (!this.currentUser) throw new AuthError('Non connecté.');
    return this.currentUser;
  }

  #list(resource: string): Stored[] {
    let list = this.records.get(resource);
    if (!list) this.records.set(resource, (list = []));
    return list;
  }

  #find(resource: string, id: string): Stored {
    const found = this.#list(resource).find((record) => record._id === id);
    if (!found) throw new NotFoundError(`Not found: ${resource}/${id}`);
    return found;
  }
}

function pageOf<T>(all: T[], limit?: unknown, offset?: unknown): Page<T> {
  const start = Number(offset ?? 0) || 0;
  const size = limit === undefined ? all.length : Number(limit);
  return { meta: { total: all.length, limit: size, offset: start }, items: all.slice(start, start + size) };
}
