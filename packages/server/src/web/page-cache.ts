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
const BROTLI_ONCE = { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

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
        bytes = encoding === 'br' ? brotliCompressSync(page.html, BROTLI_ONCE) : gzipSync(page.html, { level: 9 });
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * The public pages drawn here, each kept for `ttlMs` (the API's one second) and dropped with the
 * API's public cache on every write, on every node. A page is drawn anonymously, whoever asks
 * (the browser then adds what is the visitor's own), so that one drawing serves every visitor of
 * that second, with or without a session; a crowd opening the same page at once waits for one.
 * Its bytes are the same for all of them (its inline scripts, if any, allowed by their hashes
 * rather than a nonce), so that it is compressed once.
 */
export class PageCache {
  private readonly pages = new Map<string, { at: number; page: Promise<CachedPage | null> }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  clear(): void {
    this.pages.clear();
  }

  /** The page of `key` drawn within the last `ttlMs`, else drawn now by `draw`. */
  page(key: string, draw: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    const drawn = () => draw().then((page) => page && cached(page));
    if (this.ttlMs <= 0) return drawn();
    const kept = this.pages.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.page;
    const page = drawn();
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    const entry = { at: this.now(), page };
    this.pages.set(key, entry);
    // A page that could not be drawn is drawn again by the next visitor.
    page.catch(() => {
      if (this.pages.get(key) === entry) this.pages.delete(key);
    });
    return page;
  }
}
