import { COLLECTOR_KIND_LABELS } from './operations.schema';
import { field, type ResourceLabels } from './field-label';

/** French labels of the operations' schemas (operations.schema.ts). */

export const COLLECTOR_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom du collecteur, pour le retrouver.'),
    source: field('Source', 'Où le collecteur lit les événements.'),
    'source.kind': field('Type de source', 'Flux iCalendar, agenda OpenAgenda ou page web.', COLLECTOR_KIND_LABELS),
    'source.url': field('Adresse de la source', 'L’adresse du flux, de l’agenda ou de la page.'),
    city: field('Ville des événements', 'La ville donnée aux événements importés.'),
    placeId: field('Lieu par défaut', 'Donné aux événements qui ne nomment aucun de nos lieux.'),
    organizationId: field('Organisation', 'L’organisation des événements importés.'),
    categoryMap: field('Catégories', 'Un mot de la source → une de nos catégories.'),
    'categoryMap.keyword': field('Mot de la source', 'Une catégorie ou un mot-clé de la source (majuscules et accents indifférents).'),
    'categoryMap.categoryId': field('Catégorie', 'La catégorie donnée aux événements qui portent ce mot.'),
    schedule: field('Planification', 'Quand passer : @hourly, @daily, @weekly ou une expression cron.'),
    autoPublish: field('Publier sans relecture', 'Sinon, les événements importés attendent en brouillon.'),
    fetchProvider: field('Lecture de la source', 'Requête directe, ou Bright Data pour les sites qui bloquent les robots (voir /dashboard/brightdata).', { direct: 'Requête directe', brightdata: 'Bright Data (Web Unlocker)' }),
  },
};

export const SCRAPE_STATUS_LABELS = { queued: 'En file d’attente', running: 'En cours', succeeded: 'Réussie', failed: 'En échec' } as const;
export const FINDING_OUTCOME_LABELS = { created: 'Créé', updated: 'Mis à jour', skipped: 'Ignoré' } as const;

export const SCRAPE_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    collectorId: field('Collecteur', 'Le collecteur qui a fait la collecte.'),
    url: field('Adresse lue', 'La page ou le flux lu.'),
    status: field('Statut', 'En file d’attente, en cours, réussie ou en échec.', SCRAPE_STATUS_LABELS),
    startedAt: field('Début', 'Heure de Paris.'),
    finishedAt: field('Fin', 'Heure de Paris.'),
    itemsFound: field('Événements trouvés', 'Combien la source en contenait.'),
    findings: field('Trouvailles', 'Un événement par ligne, et ce qui en a été fait.'),
    'findings.title': field('Titre', 'Le titre lu dans la source.'),
    'findings.startsAt': field('Début', 'La date lue dans la source.'),
    'findings.url': field('Page d’origine', 'L’adresse de l’événement dans la source.'),
    'findings.eventId': field('Événement', 'L’événement créé ou mis à jour.'),
    'findings.outcome': field('Résultat', 'Créé, mis à jour ou ignoré.', FINDING_OUTCOME_LABELS),
    errors: field('Erreurs', 'Ce qui n’a pas pu être lu.'),
  },
};

export const TASK_STATUS_LABELS = { idle: 'En attente', running: 'En cours', failed: 'En échec' } as const;

export const TASK_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    name: field('Nom', 'Le nom de la tâche.'),
    status: field('Statut', 'En attente, en cours ou en échec.', TASK_STATUS_LABELS),
    lastError: field('Dernière erreur', 'Le message de la dernière exécution en échec.'),
  },
};
