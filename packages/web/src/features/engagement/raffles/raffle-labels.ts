import type { Raffle } from '@sortie/core';

/** The legal basis in the words a French visitor expects. */
export function legalBasisText(raffle: Pick<Raffle, 'legalBasis' | 'authorisationRef'>): string | null {
  if (raffle.legalBasis === 'free_draw') return 'Tirage gratuit sans obligation d’achat';
  if (raffle.legalBasis === 'association_lottery') return `Loterie associative autorisée par arrêté n° ${raffle.authorisationRef ?? '(référence à préciser)'}`;
  return null;
}

export const RAFFLE_STATUS_LABELS: Record<Raffle['status'], string> = {
  draft: 'En préparation',
  open: 'Participations ouvertes',
  closed: 'Participations closes',
  drawn: 'Tirage effectué',
};

/** Whether the raffle takes entries now: open, and between its dates. */
export function acceptsEntries(raffle: Pick<Raffle, 'status' | 'opensAt' | 'closesAt'>, now: Date): boolean {
  return raffle.status === 'open' && Date.parse(raffle.opensAt) <= now.getTime() && Date.parse(raffle.closesAt) > now.getTime();
}
