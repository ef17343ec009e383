import { describe, expect, it } from 'vitest';
import { entryFiles, precacheFiles, type ViteManifestChunk } from './precache-files';

const manifest: Record<string, ViteManifestChunk> = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js', '_session-c3.js'], css: ['assets/index-d4.css'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_session-c3.js': { file: 'assets/session-c3.js', imports: ['_react-b2.js', '_ids-e5.js'] },
  '_ids-e5.js': { file: 'assets/ids-e5.js' },
  'src/pages/EventPage.tsx': { file: 'assets/EventPage-f6.js', imports: ['_react-b2.js'], css: ['assets/EventPage-g7.css'] },
  'src/pages/LeafletMap.tsx': { file: 'assets/LeafletMap-h8.js' },
};

describe('the precache', () => {
  it('holds the entry, its static imports and their CSS', () => {
    expect([...entryFiles(manifest)].sort()).toEqual(['assets/ids-e5.js', 'assets/index-a1.js', 'assets/index-d4.css', 'assets/react-b2.js', 'assets/session-c3.js']);
  });

  it('holds the shell and the entry, not the route chunks nor anything else built', () => {
    const found = [
      'index.html', 'offline.html', 'offline.css', 'favicon.svg', 'manifest.webmanifest',
      'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png', 'icons/apple-touch-icon.png',
      'assets/index-a1.js', 'assets/index-d4.css', 'assets/react-b2.js', 'assets/session-c3.js', 'assets/ids-e5.js',
      'assets/EventPage-f6.js', 'assets/EventPage-g7.css', 'assets/LeafletMap-h8.js', 'demo/event-1.webp', 'bundle-report.json',
    ].map((url) => ({ url, revision: null, size: 1 }));
    const kept = precacheFiles(found, manifest).map(({ url }) => url);
    expect(kept).toEqual(found.slice(0, 14).map(({ url }) => url));
  });
});
