import type { OperationRoute } from './operation-routes';

/** The concrete path of a call: each `:name` (and `*`) replaced by its encoded value. */
export function operationPath(operation: Pick<OperationRoute, 'name' | 'path'>, path: Record<string, unknown> = {}): string {
  return operation.path
    .replace(/:([A-Za-z]+)/g, (_match, name: string) => {
      const value = path[name];
      if (value === undefined || value === null) throw new TypeError(`${operation.name}: missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    })
    .replace('*', () => String(path['*'] ?? '').split('/').map(encodeURIComponent).join('/'));
}
