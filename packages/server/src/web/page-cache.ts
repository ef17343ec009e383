import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A page as the renderer drew it: its status and its HTML. */
export interface RenderedPage {
  status: number;
  html: string;
}

/** A drawn page as every visitor of its second receives it: the same bytes, compressed once per encoding. */
export interface CachedPage extends RenderedPage {
  /** The CSP sources that allow its inline scripts (`'sha256-…'`), none when it has none. */
  scriptHashes: string;
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

const MAX_PAGES = 500;
// Once per page and second, not per answer: brotli can afford more than its on-the-fly level.
// Within a 64 KB window: at quality 9 brotli's default 4 MB window made it set up megabytes of
// tables for a 25 KB page, 60–80 ms of the event loop on this machine at each drawing, which every
// visitor of that moment waited for (issue 34: the pages' p99); with 64 KB, 1–2 ms for the same
// bytes. A larger page is still compressed, its repeats further apart than 64 KB left out.
const BROTLI_ONCE = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 9,
    [constants.BROTLI_PARAM_LGWIN]: 16,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

/** The scripts a browser would run (not those with a `src`, not JSON data blocks), hashed as CSP hashes them. */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes].join(' ');
}

function cached(page: RenderedPage): CachedPage {
  const encodings = new Map<'br' | 'gzip', Buffer>();
  return {
    ...page,
    scriptHashes: inlineScriptHashes(page.html),
    encoded(encoding) {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        bytes = encoding === 'br' ? brotliCompressSync(page.html, BROTLI_ONCE(Buffer.byteLength(page.html))) : gzipSync(page.html, { level: 9 });
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** How long past its second a page is still answered while its next drawing runs. */
const STALE_MS = 5000;

/** A page of the cache: when its drawing began, the drawing, and whether it is done. */
interface Entry {
  at: number;
  page: Promise<CachedPage | null>;
  drawn: boolean;
  /** Whether its next drawing runs, once it is past its second. */
  redrawing: boolean;
}

/**
 * The public pages drawn here, each kept for `ttlMs` (the API's one second) and dropped with the
 * API's public cache on every write, on every node. A page is drawn anonymously, whoever asks
 * (the browser then adds what is the visitor's own), so that one drawing serves every visitor of
 * that second, with or without a session; a crowd opening the same page at once waits for one.
 * Past its second, a page is drawn again while its visitors still receive the last drawing
 * (for at most STALE_MS more): no visitor of a busy page waits for its drawing (40–60 ms of
 * reads and rendering on this machine) each second. A write drops the pages, and the next
 * visitor waits for a drawing of what it wrote.
 * Its bytes are the same for all of them (its inline scripts, if any, allowed by their hashes
 * rather than a nonce), so that it is compressed once.
 */
export class PageCache {
  private readonly pages = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  clear(): void {
    this.pages.clear();
  }

  /** The page of `key` drawn within the last `ttlMs` (or being drawn again), else drawn now by `draw`. */
  page(key: string, draw: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    if (this.ttlMs <= 0) return drawPage(draw);
    const kept = this.pages.get(key);
    const age = kept ? this.now() - kept.at : Infinity;
    if (kept && age < this.ttlMs) return kept.page;
    if (kept?.drawn && age < this.ttlMs + STALE_MS) {
      if (!kept.redrawing) this.drawAgain(key, kept, draw);
      return kept.page;
    }
    const entry = this.drawing(draw);
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(key, entry);
    // A page that could not be drawn is drawn again by the next visitor.
    entry.page.catch(() => {
      if (this.pages.get(key) === entry) this.pages.delete(key);
    });
    return entry.page;
  }

  /** The next drawing of a page past its second, put in its place unless a write dropped it meanwhile. */
  private drawAgain(key: string, kept: Entry, draw: () => Promise<RenderedPage | null>): void {
    kept.redrawing = true;
    const entry = this.drawing(draw);
    entry.page.then(
      () => {
        if (this.pages.get(key) === kept) this.pages.set(key, entry);
      },
      // The last drawing is answered until the next visitor tries again.
      () => {
        kept.redrawing = false;
      },
    );
  }

  /** A drawing begun now, marked drawn once done. */
  private drawing(draw: () => Promise<RenderedPage | null>): Entry {
    const entry: Entry = { at: this.now(), page: drawPage(draw), drawn: false, redrawing: false };
    entry.page.then(
      () => {
        entry.drawn = true;
      },
      () => undefined,
    );
    return entry;
  }
}

function drawPage(draw: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
  return draw().then((page) => page && cached(page));
}
