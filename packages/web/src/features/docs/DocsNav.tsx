import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { DocNode } from './doc-tree';

function DocList({ nodes, current }: { nodes: readonly DocNode[]; current: string }) {
  return (
    <ul className="space-y-1">
      {nodes.map((node) => (
        <li key={node.href}>
          <Link
            href={node.href}
            aria-current={node.href === current ? 'page' : undefined}
            className="block rounded px-2 py-1 text-sm hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent aria-[current=page]:bg-primary/15 aria-[current=page]:font-semibold"
          >
            {node.page.title}
          </Link>
          {node.children.length > 0 && (
            <div className="ml-3 border-l border-line pl-2">
              <DocList nodes={node.children} current={current} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The table of contents: always shown beside the page on a wide screen; on a phone, folded
 * under a « Sommaire » button so that the page comes first.
 */
export function DocsNav({ tree, current }: { tree: readonly DocNode[]; current: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label="Sommaire de la documentation">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between rounded-lg border border-line px-3 py-2 text-sm font-semibold md:hidden"
      >
        Sommaire
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={listId} className={`${open ? 'block' : 'hidden'} mt-2 md:mt-0 md:block`} data-open={open}>
        <Link
          href="/docs"
          aria-current={current === '/docs' ? 'page' : undefined}
          className="mb-2 block px-2 text-xs font-semibold tracking-wide text-muted uppercase hover:text-white aria-[current=page]:text-white"
        >
          Documentation
        </Link>
        {tree.length ? <DocList nodes={tree} current={current} /> : <p className="px-2 text-sm text-muted">Aucune page pour le moment.</p>}
      </div>
    </nav>
  );
}
