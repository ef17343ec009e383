import type { DocPage } from '@sortie/core';

export interface DocNode {
  page: DocPage;
  href: string;
  children: DocNode[];
}

/** The doc pages as a tree by path (a page under its parent's path), each level in `order`. */
export function docTree(pages: readonly DocPage[]): DocNode[] {
  const sorted = [...pages].sort((a, b) => a.order - b.order || a.path.join('/').localeCompare(b.path.join('/')));
  const byPath = new Map<string, DocNode>();
  const roots: DocNode[] = [];
  for (const page of [...sorted].sort((a, b) => a.path.length - b.path.length)) {
    const node: DocNode = { page, href: `/docs/${page.path.join('/')}`, children: [] };
    byPath.set(page.path.join('/'), node);
  }
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
