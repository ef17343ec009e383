import { inject, injectable } from 'inversify';
import {
  RESOURCES,
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
import { ApiClient, type HttpMethod } from './api-client';

const segment = encodeURIComponent;

/** The product API of SPEC.md §7 and the server's REST, over ofetch. */
@injectable()
export class HttpProductApiAdapter implements ProductApiPort {
  constructor(@inject(ApiClient) private readonly client: ApiClient) {}

  me(): Promise<CurrentUser> {
    return this.client.call('GET', '/api/auth/me');
  }

  loginWeb(body: LoginWeb): Promise<unknown> {
    return this.client.call('POST', '/api/auth/login/web', { body });
  }

  async logout(): Promise<{ user: CurrentUser | null }> {
    const answer = await this.client.call<{ user?: CurrentUser | null } | undefined>('POST', '/api/auth/logout');
    return { user: answer?.user ?? null };
  }

  listEvents(query: EventQuery): Promise<Page<Event>> {
    return this.client.call('GET', '/api/events', { query: query as Query });
  }

  async addShareView(id: string, body: { userAgent: string }): Promise<void> {
    await this.client.call('PUT', `/api/shares/${segment(id)}/addView`, { body });
  }

  getNotification(id: string): Promise<Notification> {
    return this.client.call('GET', `/api/notifications/${segment(id)}`);
  }

  list<T = unknown>(resource: ResourceName, query?: Query): Promise<Page<T>> {
    return this.client.call('GET', resourcePath(resource), query ? { query } : {});
  }

  get<T = unknown>(resource: ResourceName, id: string): Promise<T> {
    return this.client.call('GET', `${resourcePath(resource)}/${segment(id)}`);
  }

  create<T = unknown>(resource: ResourceName, body: unknown): Promise<T> {
    return this.client.call('POST', resourcePath(resource), { body });
  }

  update<T = unknown>(resource: ResourceName, id: string, body: unknown): Promise<T> {
    return this.client.call('PATCH', `${resourcePath(resource)}/${segment(id)}`, { body });
  }

  async remove(resource: ResourceName, id: string): Promise<void> {
    await this.client.call('DELETE', `${resourcePath(resource)}/${segment(id)}`);
  }

  request<T = unknown>(method: HttpMethod, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
    return this.client.call(method, apiPath(path), options);
  }
}

function resourcePath(resource: ResourceName): string {
  const definition = RESOURCES[resource];
  // A name outside the registry is a programming error, not a server call to make.
  if (!definition) throw new TypeError(`Unknown resource: ${String(resource)}`);
  return `/api/${definition.apiPath}`;
}

/** 'places/x', '/places/x' and '/api/places/x' all mean /api/places/x. */
export function apiPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  return trimmed === 'api' || trimmed.startsWith('api/') ? `/${trimmed}` : `/api/${trimmed}`;
}
