import type { Browser, BrowserContext } from 'playwright-core';

export interface ScriptFile {
  url: string;
  bytes: number;
  gzip: number;
}

/** Loads `url` in a fresh context of `browser` and sums the scripts it fetched until network idle, gzipped. */
export function scriptWeight(browser: Browser, url: string, options?: { setup?: (context: BrowserContext) => Promise<unknown> }): Promise<{ files: ScriptFile[]; gzip: number }>;
