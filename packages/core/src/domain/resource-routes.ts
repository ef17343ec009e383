import type { OperationRoute } from './operation-path';
import { API_ROOT, RESOURCE_PATHS } from './resource-paths';

/*
 * The CRUD of every resource as rows of the operation table: five routes per resource of
 * RESOURCE_PATHS, each named as the OpenAPI document names it (listEvents, createEvents,
 * getEvents, updateEvents, deleteEvents). Zod-free, like OPERATION_ROUTES: RESOURCES adds the
 * schemas, the server's resource policy what differs between resources.
 */

export type ResourceKey = keyof typeof RESOURCE_PATHS;

/** A resource's list and creation (`/api/events`), and the read, patch and deletion of one record (`/api/events/:id`). */
export interface ResourceRoutes {
  list: OperationRoute;
  create: OperationRoute;
  get: OperationRoute;
  update: OperationRoute;
  remove: OperationRoute;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function crudOf(resource: ResourceKey): ResourceRoutes {
  const base = `${API_ROOT}/${RESOURCE_PATHS[resource]}`;
  const name = pascal(resource);
  return {
    list: { name: `list${name}`, method: 'GET', path: base },
    create: { name: `create${name}`, method: 'POST', path: base },
    get: { name: `get${name}`, method: 'GET', path: `${base}/:id` },
    update: { name: `update${name}`, method: 'PATCH', path: `${base}/:id` },
    remove: { name: `delete${name}`, method: 'DELETE', path: `${base}/:id` },
  };
}

function crudTable(): Record<ResourceKey, ResourceRoutes> {
  const table: Partial<Record<ResourceKey, ResourceRoutes>> = {};
  for (const resource of Object.keys(RESOURCE_PATHS) as ResourceKey[]) table[resource] = crudOf(resource);
  // Every key of RESOURCE_PATHS was filled just above.
  return table as Record<ResourceKey, ResourceRoutes>;
}

/** Each resource's five routes, by resource. */
export const RESOURCE_ROUTES = /* @__PURE__ */ crudTable();
