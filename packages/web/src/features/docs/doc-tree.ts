import type { DocSummary } from '@sortie/core';

export interface DocNode {
  page: DocSummary;
  href: string;
  children: DocNode[];
}

export const docHref = (path: readonly string[]) => `/docs/${path.join('/')}`;

/** The doc pages as a tree by path (a page under its nearest parent's path), each level in `order`. */
export function docTree(pages: readonly DocSummary[]): DocNode[] {
  const sorted = [...pages].sort((a, b) => a.order - b.order || a.path.join('/').localeCompare(b.path.join('/')));
  const byPath = new Map<string, DocNode>(sorted.map((page) => [page.path.join('/'), { page, href: docHref(page.path), children: [] }]));
  const roots: DocNode[] = [];
  for (const page of sorted) {
    const node = byPath.get(page.path.join('/'))!;
    let parent: DocNode | undefined;
    for (let n = page.path.length - 1; n > 0 && !parent; n--) parent = byPath.get(page.path.slice(0, n).join('/'));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The pages in reading order (depth first), for « précédent / suivant ». */
export function readingOrder(tree: readonly DocNode[]): DocNode[] {
  return tree.flatMap((node) => [node, ...readingOrder(node.children)]);
}

/** The page before and after `href` in reading order; /docs itself comes before the first page. */
export function neighbours(tree: readonly DocNode[], href: string): { previous: { href: string; title: string } | null; next: { href: string; title: string } | null } {
  const order = [{ href: '/docs', title: 'Sommaire de la documentation' }, ...readingOrder(tree).map((node) => ({ href: node.href, title: node.page.title }))];
  const index = order.findIndex((entry) => entry.href === href);
  if (index < 0) return { previous: null, next: null };
  return { previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}
