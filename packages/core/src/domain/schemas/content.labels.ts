import { IMAGE_FORMATS } from '../responsive-image';
import { field, type ResourceLabels } from './field-label';

/** French labels of the content's schemas (content.schema.ts). */

export const IMAGE_FORMAT_LABELS: Readonly<Record<(typeof IMAGE_FORMATS)[number], string>> = { avif: 'AVIF', webp: 'WebP', jpeg: 'JPEG' };

export const BLOG_POST_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    slug: field('Adresse courte (slug)', 'Minuscules, chiffres et tirets : la fin de l’adresse de l’article.'),
    title: field('Titre', 'Le titre de l’article.'),
    excerpt: field('Chapeau', 'Une ou deux phrases qui donnent envie de lire.'),
    body: field('Texte', 'L’article, en Markdown.'),
    coverImage: field('Image de couverture', 'Adresse de l’image en tête de l’article.'),
    publishedAt: field('Date de publication', 'Vide : brouillon, pas encore publié.'),
    author: field('Auteur', 'Le nom affiché sous le titre.'),
  },
};

export const DOC_PAGE_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    path: field('Chemin', 'Les parties de l’adresse sous /docs, une par ligne.'),
    title: field('Titre', 'Le titre de la page.'),
    body: field('Texte', 'La page, en Markdown.'),
    order: field('Ordre', 'Sa place dans la table des matières (les petits nombres d’abord).'),
  },
};

export const MAIL_TEMPLATE_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom du modèle, pour le retrouver.'),
    subject: field('Objet', 'L’objet de l’e-mail ; {{variable}} est remplacé à l’envoi.'),
    body: field('Texte', 'Le texte de l’e-mail ; {{variable}} est remplacé à l’envoi.'),
  },
};

export const IMAGE_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    url: field('Adresse de l’image', 'Une adresse https://, ou celle donnée à l’envoi du fichier.'),
    alt: field('Texte alternatif', 'Ce que montre l’image, pour qui ne la voit pas.'),
    width: field('Largeur (pixels)', 'Connue à l’envoi du fichier.'),
    height: field('Hauteur (pixels)', 'Connue à l’envoi du fichier.'),
    uploadedBy: field('Envoyée par', 'La personne qui a envoyé le fichier.'),
    variants: field('Déclinaisons', 'Tailles et formats faits par le serveur à l’envoi.'),
    'variants.url': field('Adresse', 'L’adresse de cette déclinaison.'),
    'variants.width': field('Largeur (pixels)', 'Sa largeur.'),
    'variants.height': field('Hauteur (pixels)', 'Sa hauteur.'),
    'variants.format': field('Format', 'Son format de fichier.', IMAGE_FORMAT_LABELS),
  },
};
