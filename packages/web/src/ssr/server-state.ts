import type { DehydratedQuery } from '@sortie/core';

/** The id of the script that carries a server-rendered page's data to the browser. */
export const SERVER_STATE_ID = 'sortie-state';

/** What a server-rendered page hands the browser: the runtime config and the queries it was drawn with. */
export interface ServerState {
  config: unknown;
  queries: DehydratedQuery[];
}

/** JSON safe inside a <script> element: no `<` can close it or open a comment. */
export function serializeState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The server's state in a page it rendered, or null in a page the browser renders alone. */
export function readServerState(doc: Document): ServerState | null {
  const script = doc.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerState;
  } catch {
    return null;
  }
}
