/**
 * Who publishes Sortie, in one place. Values between brackets are not known yet and MUST be
 * filled in before going live (LCEN art. 6, III): they are shown as they are, clearly marked.
 */
export const PUBLISHER = {
  name: 'Sortie SAS',
  form: 'Société par actions simplifiée',
  capital: '[capital social à compléter]',
  address: '[adresse du siège à compléter], 86000 Poitiers, France',
  rcs: 'RCS Poitiers [numéro à compléter]',
  vat: 'TVA intracommunautaire : [numéro à compléter]',
  director: 'le Président de Sortie SAS, [nom à compléter]',
  email: 'contact@sortie.fr',
  privacyEmail: 'donnees-personnelles@sortie.fr',
} as const;

export const HOST = {
  name: '[raison sociale de l’hébergeur à compléter]',
  address: '[adresse de l’hébergeur à compléter]',
  phone: '[téléphone de l’hébergeur à compléter]',
  location: 'Serveurs situés dans l’Union européenne',
} as const;

export const CNIL = {
  name: 'Commission nationale de l’informatique et des libertés (CNIL)',
  address: '3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
  url: 'https://www.cnil.fr/fr/plaintes',
} as const;

/** The date the texts below were last changed, shown on each of them. */
export const LEGAL_UPDATED_AT = '2026-11-01T09:00:00Z';
