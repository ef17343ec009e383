import { ALLERGEN_LABELS } from './places.schema';
import { field, type ResourceLabels } from './field-label';

/** French labels of the places' schemas (places.schema.ts); the allergens are the public menu's own. */

export const PLACE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom du lieu, tel que le public le connaît.'),
    typeId: field('Type de lieu', 'Bar, salle de concert, théâtre… : choisissez par son nom.'),
    description: field('Description', 'Ce qu’on y trouve, l’ambiance, l’accès : en Markdown.'),
    address: field('Adresse', 'Là où le public se rend.'),
    'address.street': field('Rue', 'Numéro et nom de la rue.'),
    'address.postalCode': field('Code postal', 'Cinq chiffres.'),
    'address.city': field('Ville', 'La ville du lieu.'),
    location: field('Position sur la carte', 'Latitude et longitude, pour la carte et les itinéraires.'),
    'location.lat': field('Latitude', 'Entre -90 et 90 (46.58 à Poitiers).'),
    'location.lng': field('Longitude', 'Entre -180 et 180 (0.34 à Poitiers).'),
    phone: field('Téléphone', 'Le numéro à appeler, tel qu’il s’affiche.'),
    socials: field('Réseaux sociaux', 'Les pages du lieu sur Instagram, Facebook…'),
    images: field('Photos', 'Les photos du lieu, la première en tête de sa page.'),
    openingHours: field('Horaires d’ouverture', 'Les plages d’ouverture de chaque jour de la semaine.'),
    closures: field('Fermetures exceptionnelles', 'Les jours où le lieu est fermé malgré ses horaires (jour férié, travaux…).'),
    'closures.date': field('Date', 'Le jour de la fermeture.'),
    'closures.note': field('Note', 'Ce que le public lira (facultatif) : « Congés », « Soirée privée »…'),
    organizationId: field('Organisation', 'L’organisation qui gère le lieu.'),
    colour: field('Couleur', 'La couleur du lieu sur ses affiches et visuels (#rrggbb) ; « Aucune » : celle de son organisation, sinon celle de Sortie.'),
  },
};

export const PLACE_TYPE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: { name: field('Nom', 'Le nom du type (Bar, Salle de concert…).') },
};

export const PLACE_ROLE_VALUE_LABELS = { owner: 'Propriétaire', manager: 'Gérant', staff: 'Équipe' } as const;

export const PLACE_ROLE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    placeId: field('Lieu', 'Le lieu sur lequel la personne a ce rôle.'),
    userId: field('Personne', 'Choisissez la personne par son nom ou son e-mail.'),
    role: field('Rôle', 'Ce que la personne peut faire sur ce lieu.', PLACE_ROLE_VALUE_LABELS),
  },
};

export const MENU_TAG_LABELS = { vegan: 'Végan', vegetarian: 'Végétarien' } as const;

export const MENU_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    placeId: field('Lieu', 'Le lieu qui sert cette carte.'),
    title: field('Titre', 'Carte du soir, Brunch, Boissons…'),
    sections: field('Rubriques', 'Entrées, plats, boissons… dans l’ordre de la carte.'),
    'sections.name': field('Nom de la rubrique', 'Entrées, Plats, Cocktails…'),
    'sections.items': field('Plats', 'Les plats ou boissons de la rubrique.'),
    'sections.items.name': field('Nom du plat', 'Tel qu’il figure sur la carte.'),
    'sections.items.description': field('Description', 'Ce qu’il y a dedans, en une ligne.'),
    'sections.items.price': field('Prix (en centimes)', 'En centimes : 850 pour 8,50 €.'),
    'sections.items.allergens': field('Allergènes', 'Les 14 allergènes à déclarer (règlement européen 1169/2011).', ALLERGEN_LABELS),
    'sections.items.tags': field('Régimes', 'Végan, végétarien.', MENU_TAG_LABELS),
  },
};

export const STORE_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    name: field('Nom', 'Le nom de la boutique.'),
    placeId: field('Lieu', 'Le lieu où se trouve la boutique (facultatif).'),
    description: field('Description', 'Ce qu’on y vend, en Markdown.'),
    url: field('Boutique en ligne', 'Adresse de la boutique sur le web (facultatif).'),
    products: field('Produits', 'Les articles en vente.'),
    'products.name': field('Nom du produit', 'Tel qu’il s’affiche.'),
    'products.price': field('Prix (en centimes)', 'En centimes : 1500 pour 15 €.'),
    'products.image': field('Photo', 'Adresse d’une photo du produit.'),
  },
};

export const CONTRACT_LABELS = { CDI: 'CDI', CDD: 'CDD', extra: 'Extra', stage: 'Stage', alternance: 'Alternance', freelance: 'Indépendant' } as const;

export const JOB_OFFER_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    title: field('Intitulé du poste', 'Barman, régisseur, serveur…'),
    placeId: field('Lieu', 'Le lieu qui recrute.'),
    organizationId: field('Organisation', 'L’organisation qui recrute.'),
    contract: field('Contrat', 'Le type de contrat proposé.', CONTRACT_LABELS),
    description: field('Description', 'Les missions, le profil, les horaires : en Markdown.'),
    salary: field('Rémunération', 'Montant ou fourchette, tel qu’il s’affiche.'),
    startsAt: field('Prise de poste', 'À partir de quand, heure de Paris.'),
    city: field('Ville', 'La ville du poste.'),
    applyUrl: field('Adresse pour postuler', 'Page où envoyer sa candidature.'),
    applyEmail: field('E-mail pour postuler', 'Adresse où envoyer sa candidature.'),
  },
};
