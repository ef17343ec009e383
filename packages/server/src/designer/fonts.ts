import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Inter (SIL Open Font License), read from the @fontsource/inter package at run time — the
 * same face as the web app. WOFF files: satori reads them, and pdf-lib embeds them through
 * @pdf-lib/fontkit. Loaded once, on the first visual.
 */
export type Weight = 400 | 700 | 800;
const require = createRequire(import.meta.url);
let loaded: Map<Weight, Buffer> | null = null;

export function interFonts(): Map<Weight, Buffer> {
  if (!loaded) {
    const fonts = new Map<Weight, Buffer>();
    for (const weight of [400, 700, 800] as const) fonts.set(weight, readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)));
    loaded = fonts;
  }
  return loaded;
}
