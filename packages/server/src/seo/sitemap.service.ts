import { sortDocs } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { readDocFiles } from '../docs/docs.service';
import { SERVER_PATHS } from '../runtime-paths';
import { sitemapEntries, type SitemapEntry } from './sitemap';

/** The list is read again at most this often per node, and at once after any write (the public cache's clear, on every node). */
const ENTRIES_TTL_MS = 5 * 60_000;

/**
 * The sitemap's public pages, read from the database at most every ENTRIES_TTL_MS: an index and
 * its parts are read one after the other, and one query of every public page serves them all.
 */
export class SitemapService {
  private kept: { at: number; entries: Promise<SitemapEntry[]> } | null = null;
  /** The documentation's Markdown files ship with the server: read once. */
  private docPaths: string[] | null = null;

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'cache' | 'now'>) {
    ctx.cache.onClear(() => {
      this.kept = null;
    });
  }

  /** Every public page worth indexing, in a stable order (see sitemapEntries). */
  entries(): Promise<SitemapEntry[]> {
    const { ctx } = this;
    const kept = this.kept;
    if (kept && ctx.now() - kept.at <= ENTRIES_TTL_MS) return kept.entries;
    const entries = sitemapEntries(ctx.db, ctx.now(), this.docFilePaths());
    this.kept = { at: ctx.now(), entries };
    // A failed read is not kept: the next request tries again.
    entries.catch(() => {
      if (this.kept?.entries === entries) this.kept = null;
    });
    return entries;
  }

  private docFilePaths(): string[] {
    return (this.docPaths ??= sortDocs(readDocFiles(SERVER_PATHS.docs)).map((page) => page.path.join('/')));
  }
}
