import { CONTRACTS, type JobOffer } from '@sortie/core';

export const CONTRACT_LABELS: Record<(typeof CONTRACTS)[number], string> = {
  CDI: 'CDI',
  CDD: 'CDD',
  extra: 'Extra',
  stage: 'Stage',
  alternance: 'Alternance',
  freelance: 'Freelance',
};

/** How to apply: the offer's page (http(s) only, as the schema checks) or a prepared e-mail. */
export function applyLink(offer: Pick<JobOffer, 'applyUrl' | 'applyEmail' | 'title'>): { href: string; label: string; external: boolean } | null {
  if (offer.applyUrl && /^https?:\/\//i.test(offer.applyUrl)) return { href: offer.applyUrl, label: 'Postuler en ligne', external: true };
  if (offer.applyEmail) return { href: `mailto:${offer.applyEmail}?subject=${encodeURIComponent(`Candidature : ${offer.title}`)}`, label: `Postuler par e-mail (${offer.applyEmail})`, external: false };
  return null;
}
