// Which built files the service worker installs with itself (the precache): what a first
// start offline needs, and nothing a visitor may never open.
import { ICON_FILES } from './web-manifest.ts';

/** A file Workbox found in the build (workbox-build's ManifestEntry). */
export interface PrecacheFile {
  url: string;
  revision: string | null;
  size: number;
}

/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The shell's files besides the entry's JavaScript and CSS. */
export const SHELL_FILES: ReadonlySet<string> = new Set([
  'index.html',
  'offline.html',
  'offline.css',
  'favicon.svg',
  'manifest.webmanifest',
  ...ICON_FILES.map((icon) => icon.src.slice(1)),
]);

/** The entry's chunk, its static imports (transitively) and their CSS: what loads before anything shows. */
export function entryFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * The shell and the entry's files, out of everything the build holds. The ~160 route chunks
 * (dynamic imports) are left out: each is kept the first time a visitor opens its route.
 */
export function precacheFiles(found: PrecacheFile[], manifest: Record<string, ViteManifestChunk>): PrecacheFile[] {
  const entry = entryFiles(manifest);
  return found.filter(({ url }) => SHELL_FILES.has(url) || entry.has(url));
}
