import { FILE_ROUTES } from '@sortie/core';

/**
 * What crawlers may read: every public page, not the back office, the API (but its image files,
 * which link previews and image search show), a visitor's own pages, redirects and return pages.
 */
export const DISALLOWED = [
  '/dashboard',
  '/api/',
  '/account',
  '/notifications',
  '/suggestions',
  '/users/badges',
  '/users/following',
  '/users/likes',
  '/forms/*/entries/',
  '/r/',
  '/nextEvent',
  '/spotify',
  '/stripe/',
  '/debug',
  '/dev/',
  '/unauthorized',
  '/notFound',
  '/search',
  '/calendar/',
  '/demo-audio/',
  '/demo-sources/',
];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Allow: /api/images/files/', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}${FILE_ROUTES.sitemap.path}`, ''].join('\n');
}
