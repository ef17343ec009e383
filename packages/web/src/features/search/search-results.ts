import { pathFor, totalLabel } from '@sortie/core';

/** GET /api/search: the server matches accents, case and typos; upcoming events come first, then past ones. */
export interface SearchAnswer {
  q: string;
  counts: Record<string, number>;
  /** Kinds whose count stopped at the server's cap: « plus de … ». */
  estimates?: Record<string, boolean>;
  items: Array<{ kind: string; _id: string; title: string; item: Record<string, unknown> }>;
}

export const SEARCH_KINDS = [
  { kind: 'event', label: 'Événements' },
  { kind: 'place', label: 'Lieux' },
  { kind: 'organization', label: 'Organisations' },
  { kind: 'artist', label: 'Artistes' },
] as const;

export interface SearchHit {
  id: string;
  title: string;
  href: string;
  detail: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The answer's hits grouped by kind, in a fixed order, with where each one leads. */
export function groupResults(answer: SearchAnswer, formatWhen: (iso: string) => string) {
  return SEARCH_KINDS.map(({ kind, label }) => {
    const hits: SearchHit[] = answer.items
      .filter((hit) => hit.kind === kind)
      .map((hit) => {
        const item = hit.item;
        if (kind === 'event') return { id: hit._id, title: hit.title, href: pathFor('event', { id: hit._id }), detail: [text(item['startsAt']) && formatWhen(text(item['startsAt'])), text(item['city'])].filter(Boolean).join(' · ') };
        if (kind === 'place') {
          const address = (item['address'] ?? {}) as Record<string, unknown>;
          return { id: hit._id, title: hit.title, href: pathFor('place', { id: hit._id }), detail: [text(address['street']), text(address['city'])].filter(Boolean).join(', ') };
        }
        if (kind === 'organization') return { id: hit._id, title: hit.title, href: pathFor('organization', { id: hit._id }), detail: '' };
        return { id: hit._id, title: hit.title, href: pathFor('artist', { id: text(item['slug']) || hit._id }), detail: Array.isArray(item['genres']) ? item['genres'].filter((g) => typeof g === 'string').join(', ') : '' };
      });
    const total = Math.max(answer.counts[kind] ?? 0, hits.length);
    return { kind, label, total, totalLabel: totalLabel(total, answer.estimates?.[kind] === true), hits };
  }).filter((group) => group.hits.length > 0);
}
