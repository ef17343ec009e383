import {
  API_ROOT,
  ApiError,
  ENTRY_ROUTES,
  operationPath,
  resourceApiPath,
  type CallArgs,
  type Callable,
  type OperationFor,
  type OperationResponse,
  type CurrentUser,
  type Event,
  type EventQuery,
  type LoginWeb,
  type Notification,
  type Page,
  type ProductApiPort,
  type Query,
  type ResourceName,
} from '@sortie/core';
import type { ApiClient, HttpMethod } from './api-client';

/**
 * The product API of SPEC.md §7 and the server's REST, over ofetch. Not decorated for
 * inversify (http.module.ts builds it): the web app creates it before the container, so that
 * a page reading the API does not download inversify.
 */
export class HttpProductApiAdapter implements ProductApiPort {
  constructor(private readonly client: ApiClient) {}

  me(): Promise<CurrentUser> {
    return this.client.call(ENTRY_ROUTES.me.method, ENTRY_ROUTES.me.path);
  }

  loginWeb(body: LoginWeb): Promise<unknown> {
    return this.client.call(ENTRY_ROUTES.loginWeb.method, ENTRY_ROUTES.loginWeb.path, { body });
  }

  async logout(): Promise<{ user: CurrentUser | null }> {
    const answer = await this.client.call<{ user?: CurrentUser | null } | undefined>(ENTRY_ROUTES.logout.method, ENTRY_ROUTES.logout.path);
    return { user: answer?.user ?? null };
  }

  listEvents(query: EventQuery): Promise<Page<Event>> {
    return this.client.call('GET', resourceApiPath('events'), { query: query as Query });
  }

  async addShareView(id: string, body: { userAgent: string }): Promise<void> {
    await this.client.call(ENTRY_ROUTES.addShareView.method, operationPath(ENTRY_ROUTES.addShareView, { id }), { body });
  }

  getNotification(id: string): Promise<Notification> {
    return this.client.call('GET', resourceApiPath('notifications', id));
  }

  async call<C extends Callable>(operation: C, ...[params]: CallArgs<OperationFor<C>>): Promise<OperationResponse<OperationFor<C>>> {
    // A CSV file or a redirect is not a JSON answer: such operations are links, not calls.
    if (operation.raw) throw new TypeError(`${operation.name} is not a JSON call`);
    const { path, query, body } = (params ?? {}) as { path?: Record<string, unknown>; query?: Query; body?: unknown };
    const answer = await this.client.call<unknown>(operation.method, operationPath(operation, path), { ...(query ? { query } : {}), ...(body === undefined ? {} : { body }) });
    // A route alone carries no schema: the caller chose not to download it (see the port).
    if (!('response' in operation)) return answer as OperationResponse<OperationFor<C>>;
    const parsed = operation.response.safeParse(answer);
    if (!parsed.success) {
      throw new ApiError('Le serveur a envoyé une réponse inattendue.', { statusCode: 0, code: 'UNEXPECTED_RESPONSE', cause: parsed.error });
    }
    return parsed.data as OperationResponse<OperationFor<C>>;
  }

  list<T = unknown>(resource: ResourceName, query?: Query): Promise<Page<T>> {
    return this.client.call('GET', resourceApiPath(resource), query ? { query } : {});
  }

  get<T = unknown>(resource: ResourceName, id: string): Promise<T> {
    return this.client.call('GET', resourceApiPath(resource, id));
  }

  create<T = unknown>(resource: ResourceName, body: unknown): Promise<T> {
    return this.client.call('POST', resourceApiPath(resource), { body });
  }

  update<T = unknown>(resource: ResourceName, id: string, body: unknown): Promise<T> {
    return this.client.call('PATCH', resourceApiPath(resource, id), { body });
  }

  async remove(resource: ResourceName, id: string): Promise<void> {
    await this.client.call('DELETE', resourceApiPath(resource, id));
  }

  request<T = unknown>(method: HttpMethod, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
    return this.client.call(method, apiPath(path), options);
  }
}

/** A path under API_ROOT, written with or without it and its leading slash ('places/x', '/places/x'): the same call, API_ROOT then places/x. */
export function apiPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  const root = API_ROOT.slice(1);
  return trimmed === root || trimmed.startsWith(`${root}/`) ? `/${trimmed}` : `${API_ROOT}/${trimmed}`;
}
