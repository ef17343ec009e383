/*
 * The shape of the French labels declared beside each schema (`*.labels.ts`): for every field
 * the dashboard shows, its label, a short help text and, for an enum, the French name of each
 * value. Plain data (no zod), read by the web's generic forms and lists and by the CLI.
 */

export interface FieldLabel {
  /** What the field is called on screen (« Début », « Lieu »…). */
  readonly label: string;
  /** One short sentence under the field: what to put there. */
  readonly help: string;
  /** For an enum (or a list of enum values): the French name of each raw value. */
  readonly values?: Readonly<Record<string, string>>;
}

/** Fields by their path in the record, array levels left out (`sections.items.allergens`). */
export type FieldLabels = Readonly<Record<string, FieldLabel>>;

/** The grammatical gender of a resource's French noun: « aucune collecte », « aucun lieu ». */
export type Gender = 'm' | 'f';

export interface ResourceLabels {
  readonly gender: Gender;
  readonly fields: FieldLabels;
}

/** A field's label, help and (for an enum) value labels. */
export const field = (label: string, help: string, values?: Readonly<Record<string, string>>): FieldLabel => (values ? { label, help, values } : { label, help });

/** Fields many resources share, under the same meaning. A resource's own entry wins over these. */
export const COMMON_FIELD_LABELS: FieldLabels = {
  title: field('Titre', 'Le titre tel que le public le lit.'),
  name: field('Nom', 'Le nom sous lequel on le retrouve partout.'),
  description: field('Description', 'Texte de présentation, en Markdown (gras, italique, liens).'),
  slug: field('Adresse courte (slug)', 'Minuscules, chiffres et tirets : la fin de l’adresse de la page.'),
  icon: field('Icône', 'Le pictogramme qui l’accompagne, choisi dans la liste par son nom (« Musique », « Bière »…).'),
  city: field('Ville', 'La ville, telle qu’on la cherche sur le site.'),
  placeId: field('Lieu', 'Choisissez le lieu par son nom.'),
  eventId: field('Événement', 'Choisissez l’événement par son titre.'),
  organizationId: field('Organisation', 'Choisissez l’organisation par son nom.'),
  userId: field('Utilisateur', 'Choisissez la personne par son nom ou son e-mail.'),
  collectorId: field('Collecteur', 'Le collecteur qui a fait ce travail.'),
  website: field('Site web', 'Adresse complète, commençant par https://.'),
  url: field('Adresse (URL)', 'Adresse complète, commençant par https://.'),
  startsAt: field('Début', 'Date et heure de début, heure de Paris.'),
  endsAt: field('Fin', 'Date et heure de fin, heure de Paris (facultatif).'),
  opensAt: field('Ouverture', 'À partir de quand le public peut participer, heure de Paris.'),
  closesAt: field('Clôture', 'Jusqu’à quand le public peut participer, heure de Paris.'),
  publishedAt: field('Date de publication', 'Quand la page devient visible, heure de Paris.'),
  expiresAt: field('Expiration', 'Au-delà de cette date, ce n’est plus proposé.'),
  body: field('Contenu', 'Le texte, en Markdown.'),
  schedule: field('Planification', 'Quand le faire : @hourly, @daily, @weekly ou une expression cron.'),
  lastRunAt: field('Dernier passage', 'Rempli par le serveur à chaque exécution.'),
  tags: field('Étiquettes', 'Mots-clés, un par ligne.'),
};
