import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME } from '@sortie/core';

// Read from disk: vitest does not hand CSS to tests, and happy-dom's URL is not node's.
const read = (relative: string) => readFileSync(join(import.meta.dirname, relative), 'utf8');

describe('theme', () => {
  it('declares every colour token of core’s THEME as a tailwind theme variable', () => {
    const theme = /@theme\s*\{([\s\S]*?)\n\}/.exec(read('styles.css'))?.[1] ?? '';
    for (const [name, value] of Object.entries(THEME.colours)) {
      expect(theme, name).toMatch(new RegExp(`--color-${name}:\\s*${value};`, 'i'));
    }
  });

  it('is dark, in French', () => {
    expect(read('../index.html')).toMatch(/<html lang="fr" class="dark"/);
  });
});
