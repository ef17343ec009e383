import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { docFromFile, mergeDocs, searchDocs, type DocArticle, type DocSearchHit, type DocSource, type DocSummary } from '@sortie/core';
import type { Store, Json } from '../db/store';

/** Every `.md` file under `folder`, as pages (read once: the files ship with the server). */
export function readDocFiles(folder: string): DocSource[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md') && !name.split(/[\\/]/).some((part) => part.startsWith('.'))).sort();
  return files.map((name) => docFromFile(relative(folder, join(folder, name)), readFileSync(join(folder, name), 'utf8')));
}

/** A file page's id: stable across starts and nodes (its path), shaped like a record's. */
const fileId = (path: readonly string[]) => createHash('sha1').update(`doc:${path.join('/')}`).digest('hex').slice(0, 24);

/**
 * The documentation served at /docs: the repository's Markdown files (packages/server/docs),
 * with the pages staff write in the back office (docPages) added, or replacing the file at
 * their path.
 */
export class DocsService {
  #files: DocSource[] | null = null;

  constructor(
    private readonly folder: string,
    private readonly store: Store,
  ) {}

  #fromFiles(): DocSource[] {
    return (this.#files ??= readDocFiles(this.folder));
  }

  async #pages(): Promise<Array<DocSource & { _id: string }>> {
    const written = await this.store.list('docPages', { limit: 200, offset: 0, count: 'none' });
    const ids = new Map<string, string>();
    const fromStore = written.items.flatMap((record: Json) => {
      const path = record['path'];
      if (!Array.isArray(path) || typeof record['title'] !== 'string') return [];
      const key = path.join('/');
      ids.set(key, String(record['_id']));
      const body = typeof record['body'] === 'string' ? record['body'] : '';
      // A page written in the back office need not repeat its title: the page shows it.
      const source: DocSource = { path: path.map(String), title: record['title'], description: '', order: typeof record['order'] === 'number' ? record['order'] : 0, body };
      return [source];
    });
    return mergeDocs(this.#fromFiles(), fromStore).map((page) => ({ ...page, _id: ids.get(page.path.join('/')) ?? fileId(page.path) }));
  }

  /** The table of contents, in reading order. */
  async toc(): Promise<DocSummary[]> {
    return (await this.#pages()).map(({ path, title, description, order }) => ({ path, title, description, order }));
  }

  /** One page by its path (`organisateurs/premiers-pas`) or, for a page of the back office, its id. */
  async page(path: string): Promise<DocArticle | null> {
    const key = path.replace(/^\/+|\/+$/g, '');
    const found = (await this.#pages()).find((page) => page.path.join('/') === key || page._id === key);
    return found ? { _id: found._id, path: found.path, title: found.title, description: found.description, order: found.order, body: found.body } : null;
  }

  async search(q: string, limit = 20): Promise<DocSearchHit[]> {
    return searchDocs(await this.#pages(), q, limit);
  }
}
