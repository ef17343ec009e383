// The web app manifest (what a phone installs) and the icons it names, generated at build
// from public/favicon.svg by scripts/icons.ts. Plain data: vite.config.ts reads it through
// pwa.config.ts, where core's THEME cannot be imported; web-manifest.test.ts keeps the colours
// in step with it.

/** The dark theme's background (THEME.colours.background): the splash screen and the status bar. */
const BACKGROUND = '#0f1115';
/** The favicon tile's colour (THEME.colours.primary): the margin of the full-bleed icons. */
export const ICON_TILE = '#ff5a5f';

export interface IconFile {
  /** Path in the built site. */
  src: string;
  size: number;
  /**
   * Full-bleed: the tile's colour up to the edges, no transparent corner. For the maskable icon
   * (the phone crops it to its own shape; the "S" lies within the central 80 % safe zone) and for
   * iOS, which paints transparent corners black.
   */
  fullBleed: boolean;
}

export const ICON_FILES: readonly IconFile[] = [
  { src: '/icons/icon-192.png', size: 192, fullBleed: false },
  { src: '/icons/icon-512.png', size: 512, fullBleed: false },
  { src: '/icons/icon-maskable-512.png', size: 512, fullBleed: true },
  { src: '/icons/apple-touch-icon.png', size: 180, fullBleed: true },
];

const icon = (src: string, purpose: 'any' | 'maskable') => {
  const file = ICON_FILES.find((candidate) => candidate.src === src);
  if (!file) throw new Error(`No icon file ${src}`);
  return { src, sizes: `${file.size}x${file.size}`, type: 'image/png', purpose };
};

export const WEB_MANIFEST = {
  id: '/',
  name: 'Sortie',
  short_name: 'Sortie',
  description: 'Concerts, soirées, blind tests et tournois près de chez vous. Trouvez quoi faire ce soir, à Poitiers ou ailleurs.',
  lang: 'fr',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: BACKGROUND,
  background_color: BACKGROUND,
  categories: ['entertainment', 'events', 'music'],
  icons: [icon('/icons/icon-192.png', 'any'), icon('/icons/icon-512.png', 'any'), icon('/icons/icon-maskable-512.png', 'maskable')],
} as const;
