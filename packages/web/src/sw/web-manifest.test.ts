import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME } from '@sortie/core';
import { ICON_FILES, ICON_TILE, WEB_MANIFEST } from './web-manifest';
import { SHELL_FILES } from './precache-files';

const read = (relative: string) => readFileSync(join(import.meta.dirname, relative), 'utf8');

describe('the web app manifest', () => {
  it('installs a French app named Sortie over the whole site, standalone', () => {
    expect(WEB_MANIFEST).toMatchObject({ name: 'Sortie', short_name: 'Sortie', lang: 'fr', start_url: '/', scope: '/', display: 'standalone' });
  });

  it('paints the dark theme, and the favicon’s tile behind the full-bleed icons', () => {
    expect(WEB_MANIFEST.theme_color).toBe(THEME.colours.background);
    expect(WEB_MANIFEST.background_color).toBe(THEME.colours.background);
    expect(read('../../index.html')).toContain(`<meta name="theme-color" content="${THEME.colours.background}" />`);
    expect(ICON_TILE).toBe(THEME.colours.primary);
    expect(read('../../public/favicon.svg')).toContain(`fill="${ICON_TILE}"`);
  });

  it('names PNG icons of 192 and 512 pixels, and a maskable 512 drawn full bleed', () => {
    const sizes = (purpose: string) => WEB_MANIFEST.icons.filter((icon) => icon.purpose === purpose && icon.type === 'image/png').map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['512x512']);
    for (const icon of WEB_MANIFEST.icons) {
      const file = ICON_FILES.find((candidate) => candidate.src === icon.src);
      expect(file, icon.src).toBeDefined();
      expect(`${file!.size}x${file!.size}`).toBe(icon.sizes);
      expect(file!.fullBleed).toBe(icon.purpose === 'maskable');
    }
  });

  it('gives iOS a full-bleed 180 pixel icon, linked from index.html', () => {
    expect(ICON_FILES).toContainEqual({ src: '/icons/apple-touch-icon.png', size: 180, fullBleed: true });
    expect(read('../../index.html')).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });
});

describe('the offline page', () => {
  const html = read('../../public/offline.html');

  it('is in French and says the visitor is offline', () => {
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain('<h1>Vous êtes hors connexion</h1>');
  });

  it('loads nothing inline (the security policy) and only files the worker installs', () => {
    expect(html).not.toMatch(/<script|<style|style="(?!color-scheme)/);
    // What the page loads (stylesheet, icon, image), not where its links lead.
    const loaded = [...html.matchAll(/<(?:link|img)\b[^>]*\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
    expect(loaded.sort()).toEqual(['/favicon.svg', '/favicon.svg', '/offline.css']);
    for (const url of loaded) expect(SHELL_FILES.has(url.slice(1)), url).toBe(true);
  });
});
