import { NOTIFICATION_KIND_LABELS } from '../labels';
import { field, type FieldLabel, type ResourceLabels } from './field-label';
import { NOTIFICATION_KINDS } from './people.schema';

/** French labels of the people's schemas (people.schema.ts). */

export const ROLE_LABELS = { admin: 'Administrateur', staff: 'Équipe' } as const;

export const ORGANIZATION_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    name: field('Nom', 'Le nom de l’association, de la société ou du collectif.'),
    description: field('Description', 'Qui vous êtes, ce que vous organisez : en Markdown.'),
    logo: field('Logo', 'Image carrée de préférence.'),
    memberIds: field('Membres', 'Ajoutez les personnes par leur nom ou leur e-mail.'),
    colour: field('Couleur', 'La couleur des affiches et visuels de ses lieux qui n’ont pas la leur (#rrggbb) ; « Aucune » : celle de Sortie.'),
  },
};

export const ARTIST_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom de scène.'),
    slug: field('Adresse courte (slug)', 'Minuscules, chiffres et tirets (20 au plus) : la fin de l’adresse de sa page.'),
    bio: field('Biographie', 'Son parcours, son style : en Markdown.'),
    genres: field('Genres', 'Rock, jazz, électro… un par ligne.'),
    image: field('Photo', 'Une photo de l’artiste.'),
    links: field('Liens', 'Ses pages sur le web.'),
    'links.spotify': field('Spotify', 'Adresse de sa page Spotify.'),
    'links.instagram': field('Instagram', 'Adresse de son compte Instagram.'),
    'links.website': field('Site web', 'Adresse de son site.'),
  },
};

// Each kind of notification, then its two channels, under the user's `notificationPreferences`.
const notificationFields = (): Record<string, FieldLabel> =>
  Object.fromEntries(
    NOTIFICATION_KINDS.flatMap((kind) => [
      [`notificationPreferences.${kind}`, field(NOTIFICATION_KIND_LABELS[kind].label, NOTIFICATION_KIND_LABELS[kind].staffHint)],
      [`notificationPreferences.${kind}.inApp`, field('Dans l’application', 'Une notification dans Sortie.')],
      [`notificationPreferences.${kind}.push`, field('Sur ce téléphone', 'Une notification sur les téléphones et navigateurs où elle est autorisée.')],
      [`notificationPreferences.${kind}.email`, field('Par e-mail', 'Un e-mail à son adresse.')],
    ]),
  );

export const USER_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    displayName: field('Nom affiché', 'Le nom que les autres voient.'),
    email: field('E-mail', 'L’adresse de connexion ; jamais montrée au public.'),
    avatar: field('Avatar', 'Adresse de sa photo de profil.'),
    city: field('Ville', 'Sa ville, pour lui proposer ses sorties.'),
    notificationPreferences: field('Notifications', 'Ce que la personne veut recevoir, et comment.'),
    ...notificationFields(),
  },
};

export const BADGE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom du badge.'),
    description: field('Description', 'Ce que le badge récompense, tel que le public le lit.'),
    rule: field('Règle d’attribution', 'Quand le badge est gagné, en une phrase.'),
  },
};

export const NOTIFICATION_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    userId: field('Destinataire', 'Choisissez la personne par son nom ou son e-mail.'),
    title: field('Titre', 'La première ligne de la notification.'),
    body: field('Message', 'Le texte de la notification.'),
    icon: field('Icône', 'Adresse d’une image montrée en vignette.'),
    link: field('Lien', 'La page ouverte quand on touche la notification.'),
  },
};
