import { API_KEY_RATE_LIMIT_PER_MINUTE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@sortie/core';
import { DEFAULT_SIGN_IN_RATE_LIMIT } from './config';
import { LIVE_CODE_LOOKUPS_PER_MINUTE } from './live/live.routes';

/*
 * What an integrator reads before the first call, in the OpenAPI document: how fast a program
 * may call (and the headers that say so), and how to read a long list. The numbers are the
 * server's defaults; an instance may change the per-key limit (SORTIE_API_KEY_RATE_LIMIT).
 */

export const RATE_LIMIT_NOTE = [
  `**Limites de débit.** Une clé d’API a droit à ${API_KEY_RATE_LIMIT_PER_MINUTE} requêtes par minute par défaut (l’hébergeur peut changer ce nombre avec \`SORTIE_API_KEY_RATE_LIMIT\`), comptées sur tous les serveurs de l’instance à la fois ; la fenêtre d’une minute commence à la première requête. Chaque réponse à une requête portant une clé dit où elle en est, selon le projet de norme de l’IETF : \`RateLimit-Limit\` (requêtes permises dans la fenêtre), \`RateLimit-Remaining\` (requêtes restantes), \`RateLimit-Reset\` (secondes avant la fin de la fenêtre) et \`RateLimit-Policy\` (\`${API_KEY_RATE_LIMIT_PER_MINUTE};w=60\` : ${API_KEY_RATE_LIMIT_PER_MINUTE} requêtes par 60 secondes).`,
  `Sans clé, les lectures publiques ne sont pas limitées (leurs réponses sont gardées une seconde en cache). Quelques routes sont limitées par adresse IP, avec les mêmes en-têtes : la connexion, l’inscription, la réinitialisation et le changement de mot de passe ou d’adresse (${DEFAULT_SIGN_IN_RATE_LIMIT} par minute par défaut, \`SORTIE_SIGNIN_RATE_LIMIT\`) et la recherche d’un jeu en direct par son code (${LIVE_CODE_LOOKUPS_PER_MINUTE} par minute).`,
  'Au-delà, la réponse est `429 Too Many Requests`, avec l’en-tête `Retry-After` (secondes à attendre) et un corps d’erreur en français : `{ "statusCode": 429, "error": "Too Many Requests", "code": "RATE_LIMITED", "message": "Trop de requêtes avec cette clé d’API (600 par minute) : réessayez dans 42 s." }`.',
].join('\n\n');

export const PAGINATION_NOTE = [
  `**Pagination.** Une liste répond \`{ meta, items }\` ; \`limit\` vaut ${DEFAULT_PAGE_SIZE} par défaut et ${MAX_PAGE_SIZE} au plus. Par décalage, \`offset\` saute des éléments. Les listes publiques (événements, lieux, organisations, artistes…) se lisent aussi par **curseur** : \`meta.nextCursor\` est le curseur de la page suivante (\`null\` sur la dernière) ; renvoyez-le tel quel dans \`?cursor=\`, avec les mêmes filtres et le même tri, et \`offset\` à 0. La page reprend juste après le dernier élément lu, selon l’ordre de la liste : un élément ajouté ou retiré entre deux pages n’en fait ni répéter ni sauter un autre. \`meta.total\` compte toujours la liste entière.`,
  'Un curseur est opaque : il vaut pour la liste et le tri qui l’ont donné. Un curseur modifié, ou d’une autre liste, répond `400` avec un message en français.',
].join('\n\n');

/** The headers of the limits, named once in components.headers. */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requêtes permises dans la fenêtre.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Remaining': { description: 'Requêtes restantes dans la fenêtre en cours.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Secondes avant la fin de la fenêtre en cours.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Policy': { description: 'La limite : `600;w=60` vaut 600 requêtes par 60 secondes.', schema: { type: 'string', examples: [`${API_KEY_RATE_LIMIT_PER_MINUTE};w=60`] } },
  'Retry-After': { description: 'Secondes à attendre avant de réessayer.', schema: { type: 'integer', minimum: 0 } },
};

/** The headers of the 429, as refs to components.headers. */
export const rateLimitHeaderRefs = () => Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
