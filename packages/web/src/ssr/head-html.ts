import { documentTitle } from '../components/usePageTitle';
import type { PageHead } from './server-render-context';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON-LD inside a script element: nothing in it may close the element. */
const jsonLd = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');
const absolute = (address: string, origin: string) => (/^https?:\/\//i.test(address) ? address : `${origin}${address.startsWith('/') ? '' : '/'}${address}`);

/**
 * The head of a server-rendered page: title, description (the site's own, from index.html, when
 * the page says none), canonical address, Open Graph and Twitter cards, JSON-LD.
 */
export function headHtml(head: PageHead, canonical: string, origin: string, siteDescription: string): string {
  const title = documentTitle(head.title);
  const description = (head.description ?? siteDescription).replace(/\s+/g, ' ').trim().slice(0, 300);
  const image = absolute(head.image ?? '/icons/icon-512.png', origin);
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', 'Sortie'),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title ?? title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    ...(head.imageAlt ? [meta('property', 'og:image:alt', head.imageAlt)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title ?? title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    ...(head.alternates ?? []).map(
      (link) => `<link rel="alternate" type="${escapeHtml(link.type)}" href="${escapeHtml(absolute(link.href, origin))}"${link.title ? ` title="${escapeHtml(link.title)}"` : ''} />`,
    ),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonLd(data)}</script>`),
  ].join('\n    ');
}
