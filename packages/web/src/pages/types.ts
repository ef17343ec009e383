import type { RouteMatch } from '@sortie/core';

/** What every page receives: the matched route and its checked parameters. */
export interface PageProps {
  route: RouteMatch['route'];
  params: Readonly<Record<string, string>>;
}
