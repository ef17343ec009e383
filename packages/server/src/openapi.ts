import { z } from 'zod';
import {
  AddViewSchema, CredentialsSchema, EventQuerySchema, ListQuerySchema, LoginWebSchema, RESOURCES, RuntimeConfigSchema, ShortCodeVisitSchema, SignUpSchema, VisitSchema,
  FormEntryInputSchema, RaffleEntryInputSchema, FollowTargetSchema, OPERATIONS, type Operation,
} from '@sortie/core';

const json = (schema: z.ZodType) => {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
};
const body = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: json(schema) } } });
const queryParams = (schema: z.ZodObject) =>
  Object.keys(schema.shape).map((name) => ({ name, in: 'query', required: false, schema: json(schema.shape[name] as z.ZodType) }));
const ok = (description = 'Succès') => ({ '200': { description }, '400': { description: 'Requête invalide' }, '404': { description: 'Introuvable' } });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } };

/** '/api/me/likes/:eventId' → '/api/me/likes/{eventId}'; the docs wildcard becomes {path}. */
export const openApiPath = (template: string) => template.replace(/:([A-Za-z]+)/g, '{$1}').replace('*', '{path}');

function fromOperation(operation: Operation): Record<string, unknown> {
  const names = (schema: z.ZodType) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
  const parameters = [
    ...names(operation.params.path).map((name) => ({ name: name === '*' ? 'path' : name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(operation.params.query instanceof z.ZodObject ? queryParams(operation.params.query) : []),
  ];
  const hasBody = !operation.params.body.safeParse(undefined).success;
  return {
    summary: operation.name,
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody ? { requestBody: body(operation.params.body) } : {}),
    responses: { ...ok(), '200': { description: 'Succès', content: { 'application/json': { schema: json(operation.response) } } } },
  };
}

/** The OpenAPI 3.1 document of the API, generated from core's zod schemas. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {
    '/api/dynaLinks/shortCode': { put: { summary: 'Résout un code court et enregistre la visite', requestBody: body(ShortCodeVisitSchema), responses: ok() } },
    '/api/dynaLinks/{id}/visit': { put: { summary: 'Enregistre une visite', parameters: [idParam], requestBody: body(VisitSchema), responses: { '204': { description: 'Enregistrée' } } } },
    '/api/shares/{id}/addView': { put: { summary: 'Enregistre une vue de partage', parameters: [idParam], requestBody: body(AddViewSchema), responses: { '204': { description: 'Enregistrée' } } } },
    '/api/auth/me': { get: { summary: 'Utilisateur connecté', responses: { '200': { description: 'Utilisateur' }, '401': { description: 'Non connecté' } } } },
    '/api/auth/login/web': { post: { summary: 'Ouvre une session à partir d’un idToken', requestBody: body(LoginWebSchema), responses: ok() } },
    '/api/auth/logout': { post: { summary: 'Ferme la session', responses: { '200': { description: '{ user: null }' } } } },
    '/api/identity/signUp': { post: { summary: 'Crée un compte (fournisseur d’identité intégré)', requestBody: body(SignUpSchema), responses: { '201': { description: '{ idToken }' } } } },
    '/api/identity/signIn': { post: { summary: 'Connexion e-mail et mot de passe', requestBody: body(CredentialsSchema), responses: { '200': { description: '{ idToken }' }, '429': { description: 'Trop de tentatives' } } } },
    '/api/config': { get: { summary: 'Configuration publique', responses: { '200': { description: 'Configuration', content: { 'application/json': { schema: json(RuntimeConfigSchema) } } } } } },
    '/api/search': { get: { summary: 'Recherche dans les événements, lieux, organisations et artistes', parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }], responses: ok() } },
    '/api/health': { get: { summary: 'État du serveur', responses: ok() } },
    '/api/ready': { get: { summary: 'Prêt à recevoir du trafic (pour le répartiteur de charge)', responses: { '200': { description: 'Prêt' }, '503': { description: 'Arrêt en cours ou base injoignable' } } } },
    '/api/forms/{id}/entries': { post: { summary: 'Envoie une réponse (renvoie un entryCode)', parameters: [idParam], requestBody: body(FormEntryInputSchema), responses: { '201': { description: 'Réponse' } } } },
    '/api/raffles/{id}/entries': { post: { summary: 'Participe à une tombola', parameters: [idParam], requestBody: body(RaffleEntryInputSchema), responses: { '201': { description: 'Participation' } } } },
    '/api/me/follows': { post: { summary: 'Suit un lieu, une organisation, un artiste ou un utilisateur', requestBody: body(FollowTargetSchema), responses: { '201': { description: 'Abonnement' } } } },
    '/r/{shortCode}': { get: { summary: 'Lien court : redirection 302', parameters: [{ name: 'shortCode', in: 'path', required: true, schema: { type: 'string' } }], responses: { '302': { description: 'Redirection' } } } },
  };
  // Every other operation of core's contract table, described from its schemas where the list above says nothing.
  for (const operation of Object.values(OPERATIONS) as Operation[]) {
    const path = openApiPath(operation.path);
    const method = operation.method.toLowerCase();
    paths[path] = { ...paths[path] };
    paths[path][method] ??= fromOperation(operation);
  }
  for (const [name, def] of Object.entries(RESOURCES)) {
    const base = `/api/${def.apiPath}`;
    const list = name === 'events' ? EventQuerySchema : ListQuerySchema;
    paths[base] = {
      ...paths[base],
      get: { summary: `Liste des ${def.label.many}`, tags: [name], parameters: queryParams(list as unknown as z.ZodObject), responses: ok('{ meta, items }') },
      post: { summary: `Crée : ${def.label.one}`, tags: [name], requestBody: body(def.input), responses: { '201': { description: 'Créé' } } },
    };
    paths[`${base}/{id}`] = {
      get: { summary: `Lit : ${def.label.one}`, tags: [name], parameters: [idParam], responses: ok() },
      patch: { summary: `Modifie : ${def.label.one}`, tags: [name], parameters: [idParam], requestBody: body(def.patch), responses: ok() },
      delete: { summary: `Supprime : ${def.label.one}`, tags: [name], parameters: [idParam], responses: { '204': { description: 'Supprimé' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'API Sortie', version: '0.1.0', description: 'L’API produit de Sortie : événements, lieux, organisations, jeux et liens.' },
    servers: [{ url: '/' }],
    paths,
  };
}
