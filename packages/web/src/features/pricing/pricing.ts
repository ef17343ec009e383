import { formatPrice } from '../../format';

/**
 * The plans for venues and organisers: one table for /pro (helper G1's ProPage may import it)
 * and /dev/pricing. Prices are integer cents excluding VAT (DOMAIN.md: money is cents, EUR);
 * null is a quote.
 */
export interface PricingPlan {
  id: 'decouverte' | 'pro' | 'reseau';
  name: string;
  /** Monthly price in cents excluding VAT; null when on quote. */
  monthlyCents: number | null;
  /** Yearly price in cents excluding VAT (two months free); null when on quote or free. */
  yearlyCents: number | null;
  period: string;
  summary: string;
  features: string[];
  cta: string;
  highlighted: boolean;
}

export const VAT_RATE = 0.2;

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'decouverte',
    name: 'Découverte',
    monthlyCents: 0,
    yearlyCents: 0,
    period: 'pour toujours',
    summary: 'Pour se faire connaître.',
    features: ['Fiche du lieu ou de l’organisation', 'Événements illimités', 'Abonnés et notifications'],
    cta: 'Commencer gratuitement',
    highlighted: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyCents: 2900,
    yearlyCents: 29000,
    period: 'HT par mois',
    summary: 'Pour animer ses soirées toute l’année.',
    features: ['Tout Découverte', 'Blind tests et tournois illimités', 'Tombolas et formulaires', 'Offres d’emploi', 'Statistiques détaillées'],
    cta: 'Essayer Pro',
    highlighted: true,
  },
  {
    id: 'reseau',
    name: 'Réseau',
    monthlyCents: null,
    yearlyCents: null,
    period: 'plusieurs lieux',
    summary: 'Pour les groupes et les fédérations.',
    features: ['Tout Pro', 'Plusieurs lieux et équipes', 'Championnats sur la saison', 'Accompagnement dédié'],
    cta: 'Nous contacter',
    highlighted: false,
  },
];

/** « 29 € », « 0 € » or « Sur devis ». */
export function planPrice(cents: number | null): string {
  return cents === null ? 'Sur devis' : formatPrice(cents);
}

/** The price including 20 % VAT, rounded to the cent. */
export function withVat(cents: number): number {
  return Math.round(cents * (1 + VAT_RATE));
}
