import type { HttpMethod } from './http-method';

/*
 * What the web app's entry needs of the operation table (operation-routes.ts) without
 * downloading it: the shape of a route, the few routes the entry calls before any page loads,
 * and the concrete path of a call.
 */

/** Where one operation lives, as a row of OPERATION_ROUTES writes it: its name is the row's key. */
export interface RouteRow {
  method: HttpMethod;
  path: string;
  /** What the server answers is not JSON (a CSV file, a redirect): no typed client call. */
  raw?: true;
}

export interface OperationRoute<Name extends string = string> extends RouteRow {
  name: Name;
}

type Named<Rows extends Record<string, RouteRow>> = { [Name in keyof Rows & string]: Rows[Name] & { name: Name } };

/** Each row with its key as its `name`, typed so that `OPERATION_ROUTES.signIn.name` is `'signIn'`. */
export function named<const Rows extends Record<string, RouteRow>>(rows: Rows): Named<Rows> {
  const routes = Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, { name, ...row }]));
  // Object.fromEntries forgets the keys; each entry is its row with that key as its name, as Named says.
  return routes as Named<Rows>;
}

/** The rows of OPERATION_ROUTES that the web app's entry calls (HttpProductApiAdapter): who is signed in, signing in and out, a share's view. */
export const ENTRY_ROUTES = /* @__PURE__ */ named({
  loginWeb: { method: 'POST', path: '/api/auth/login/web' },
  me: { method: 'GET', path: '/api/auth/me' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  addShareView: { method: 'PUT', path: '/api/shares/:id/addView' },
});

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
