import { COLLECTOR_KIND_LABELS } from './operations.schema';
import { field, type ResourceLabels } from './field-label';

/** French labels of the events' schemas (events.schema.ts). */

export const EVENT_STATUS_LABELS = { draft: 'Brouillon', published: 'Publié', cancelled: 'Annulé' } as const;

export const EVENT_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    title: field('Titre', 'Le nom de la soirée, tel qu’il s’affiche dans l’agenda.'),
    description: field('Description', 'Le programme, les artistes, l’accès : en Markdown.'),
    placeId: field('Lieu', 'Choisissez le lieu par son nom ; sa ville est alors proposée.'),
    artistIds: field('Artistes', 'Ajoutez les artistes par leur nom, dans l’ordre de passage.'),
    categoryIds: field('Catégories', 'Concert, théâtre, quiz… : où le public le trouvera.'),
    city: field('Ville', 'La ville où l’événement a lieu.'),
    coverImage: field('Image de couverture', 'Affiche ou photo, au format paysage de préférence.'),
    price: field('Prix', 'Gratuit, ou le prix le plus bas et le plus haut en euros.'),
    ticketUrl: field('Billetterie', 'Adresse de la page où acheter sa place.'),
    status: field('Statut', 'Un brouillon n’est vu que de l’équipe ; un événement annulé reste affiché comme tel.', EVENT_STATUS_LABELS),
    source: field('Source importée', 'Renseigné par un collecteur : d’où vient cet événement.'),
    'source.collectorId': field('Collecteur', 'Le collecteur qui l’a importé.'),
    'source.kind': field('Type de source', 'Le format de la source importée.', COLLECTOR_KIND_LABELS),
    'source.uid': field('Référence dans la source', 'Ce qui identifie l’événement dans la source, pour le mettre à jour.'),
    'source.url': field('Page d’origine', 'L’adresse de l’événement dans la source.'),
    seriesId: field('Série', 'La série dont cet événement est une date.'),
    occurrenceDate: field('Date dans la série', 'Le jour que la règle de la série lui a donné, gardé s’il est déplacé.'),
    detached: field('Modifié seul', 'Changé pour cette date seulement : la série ne le réécrit plus.'),
  },
};

export const EVENT_CATEGORY_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    name: field('Nom', 'Le nom de la catégorie (Concert, Théâtre…).'),
    colour: field('Couleur', 'Code couleur #rrggbb des pastilles de la catégorie.'),
  },
};

export const EVENT_ROLE_VALUE_LABELS = { owner: 'Propriétaire', organiser: 'Organisateur', staff: 'Équipe' } as const;

export const EVENT_ROLE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    eventId: field('Événement', 'L’événement sur lequel la personne a ce rôle.'),
    userId: field('Personne', 'Choisissez la personne par son nom ou son e-mail.'),
    role: field('Rôle', 'Ce que la personne peut faire sur cet événement.', EVENT_ROLE_VALUE_LABELS),
  },
};

export const CHAMPIONSHIP_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    eventId: field('Événement', 'La soirée ou le festival du championnat.'),
    name: field('Nom', 'Le nom du championnat.'),
    tournamentIds: field('Tournois', 'Les tournois qui comptent pour le classement.'),
    scoring: field('Barème', 'Points par place, un par ligne : le premier pour le vainqueur.'),
  },
};
