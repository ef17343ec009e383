import { FIELD_TYPE_LABELS } from '../labels';
import { field, type FieldLabels, type ResourceLabels } from './field-label';

/** French labels of the forms' schemas (forms.schema.ts). */

const FORM_FIELD_LABELS: FieldLabels = {
  fields: field('Champs', 'Les questions du formulaire, dans l’ordre.'),
  'fields.key': field('Clé', 'Lettres et chiffres, sans espace : le nom de la colonne dans l’export.'),
  'fields.label': field('Libellé', 'La question telle que le public la lit.'),
  'fields.type': field('Type de champ', 'Ce que la personne saisit.', FIELD_TYPE_LABELS),
  'fields.required': field('Obligatoire', 'Impossible d’envoyer sans y répondre.'),
  'fields.options': field('Options', 'Pour une liste : les choix proposés, un par ligne.'),
};

export const FORM_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    title: field('Titre', 'Le titre du formulaire, affiché au public.'),
    description: field('Description', 'Ce que le formulaire recueille et pourquoi : en Markdown.'),
    templateId: field('Modèle', 'Partir des champs d’un modèle de formulaire.'),
    ...FORM_FIELD_LABELS,
    opensAt: field('Ouverture', 'Avant, le formulaire est fermé ; vide : ouvert tout de suite.'),
    closesAt: field('Clôture', 'Après, il n’accepte plus de réponse ; vide : jamais.'),
    maxEntries: field('Réponses au plus', 'Vide : pas de limite.'),
    onePerPerson: field('Une réponse par personne', 'Une seule réponse par compte, et par e-mail pour les visiteurs.'),
    requireVerified: field('Comptes vérifiés seulement', 'Seuls les comptes à l’e-mail vérifié peuvent répondre.'),
  },
};

export const FORM_TEMPLATE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom du modèle.'),
    ...FORM_FIELD_LABELS,
  },
};
