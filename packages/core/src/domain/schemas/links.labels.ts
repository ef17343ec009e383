import { field, type ResourceLabels } from './field-label';

/** French labels of the links' schemas (links.schema.ts). */

export const DYNA_LINK_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    url: field('Destination', 'L’adresse où le lien court mène (pour une page de liens : là où il mène si le lieu ou l’organisation n’existe plus).'),
    shortCode: field('Code court', 'La fin du lien court (/r/…) ; vide : tiré au hasard.'),
    expiresAt: field('Expiration', 'Après cette date, le lien ne mène plus nulle part.'),
    maxVisits: field('Visites au plus', 'Vide : pas de limite.'),
    targets: field('Destinations par appareil', 'Où envoyer les iPhone, les téléphones Android ou les ordinateurs plutôt qu’à la destination (une page d’App Store, par exemple).'),
    'targets.ios': field('iPhone et iPad', 'Vide : la destination.'),
    'targets.android': field('Android', 'Vide : la destination.'),
    'targets.desktop': field('Ordinateur', 'Vide : la destination.'),
    password: field('Mot de passe', 'Demandé avant de suivre le lien ; jamais réaffiché. Vide : inchangé.'),
    page: field('Page de liens (« lien en bio »)', 'Plutôt que de rediriger, le lien ouvre une page aux couleurs d’un lieu ou d’une organisation : ses prochains événements et ses liens. Vide : le lien redirige.'),
    'page.placeId': field('Lieu', 'Sa page montre les prochains événements du lieu, son site et ses réseaux.'),
    'page.organizationId': field('Organisation', 'Sa page montre les prochains événements de l’organisation et de ses lieux.'),
  },
};

export const SHARE_TARGET_LABELS = {
  event: 'Événement', place: 'Lieu', organization: 'Organisation', artist: 'Artiste', raffle: 'Tombola', form: 'Formulaire', blindTest: 'Blind test', tournament: 'Tournoi',
} as const;

export const SHARE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    target: field('Ce qui est partagé', 'La page partagée.'),
    'target.kind': field('Type', 'Ce que la page montre.', SHARE_TARGET_LABELS),
    'target.id': field('Élément partagé', 'L’élément partagé.'),
  },
};
