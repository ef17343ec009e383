import { randomBytes } from 'node:crypto';

/** A page as the renderer drew it: its status and its HTML, its scripts' nonce still the slot. */
export interface RenderedPage {
  status: number;
  html: string;
}

/**
 * The nonce a cached page is drawn with, replaced by each answer's own nonce when it is sent
 * (delivery.ts's CSP names that one): random for each process, so that no page's content can
 * spell it.
 */
export const NONCE_SLOT = randomBytes(12).toString('hex');

const MAX_PAGES = 500;

/**
 * The public pages drawn here, each kept for `ttlMs` (the API's one second) and dropped with the
 * API's public cache on every write, on every node. A page is drawn anonymously, whoever asks
 * (the browser then adds what is the visitor's own), so that one drawing serves every visitor of
 * that second, with or without a session; a crowd opening the same page at once waits for one.
 */
export class PageCache {
  private readonly pages = new Map<string, { at: number; page: Promise<RenderedPage | null> }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  clear(): void {
    this.pages.clear();
  }

  /** The page of `key` drawn within the last `ttlMs`, else drawn now by `draw`. */
  page(key: string, draw: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    if (this.ttlMs <= 0) return draw();
    const kept = this.pages.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.page;
    const page = draw();
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

/** The page as this answer sends it: its scripts carry the answer's own nonce. */
export const withNonce = (html: string, nonce: string) => html.replaceAll(NONCE_SLOT, nonce);
