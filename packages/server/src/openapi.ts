import { z } from 'zod';
import {
  CursorListQuerySchema, EventQuerySchema, OPERATIONS, PageMetaSchema, RESOURCE_NAMES, RESOURCE_ROUTES, RESOURCES, type Operation, type OperationRoute, type ResourceName,
} from '@sortie/core';
import { OPERATION_DOCS, OTHER_ROUTES, TAGS, type Access, type OperationDoc } from './openapi-docs';
import { PAGINATION_NOTE, RATE_LIMIT_HEADERS, RATE_LIMIT_NOTE, rateLimitHeaderRefs } from './openapi-usage';
import { RESOURCE_POLICY, viewerMatters } from './resources/policy';
import type { ReadOnePolicy } from './resources/resource-policy';

/*
 * The OpenAPI 3.1 document of everything the server answers, generated from core's contract:
 * the operations table (OPERATIONS), the CRUD of RESOURCES (at RESOURCE_ROUTES' paths), and the
 * files and short links served beside the API (FILE_ROUTES and the short links, OTHER_ROUTES). Every schema, request and response, comes from the zod schemas the server
 * parses with; openapi-docs.ts adds what zod cannot say (French summaries, who may call,
 * which refusals can happen). openapi.test.ts lints it with Redocly's recommended rules and
 * checks that it lists every route Fastify registered.
 */

type Json = Record<string, unknown>;
type JsonSchema = z.core.JSONSchema.JSONSchema;
/** One operation of a path: every one has its tags (the document lists the tags in use). */
type OperationObject = { tags: string[]; [key: string]: unknown };
type PathItem = Record<string, OperationObject>;

/** '/api/me/likes/:eventId' → '/api/me/likes/{eventId}'; a trailing wildcard becomes {path}; '/sitemap-:part.xml' → '/sitemap-{part}.xml'. */
export const openApiPath = (template: string) => template.replace(/:([A-Za-z]+)/g, '{$1}').replace('*', '{path}');

/**
 * Schemas that zod 4 emits with local definitions ($defs, for recursive or shared parts) have
 * them moved to components.schemas, their $refs rewritten: in an OpenAPI document, `#/` is the
 * document's root, not the schema's.
 */
class SchemaBook {
  readonly components: Record<string, JsonSchema> = {};
  private count = 0;

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    let json: JsonSchema;
    try {
      json = z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        // A date, a file or a custom check has no JSON Schema: say what travels (a string, bytes).
        override: ({ zodSchema, jsonSchema }) => {
          if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
          // zod spells out ISO 8601 as a 400-character pattern beside `format: date-time`, which says it already.
          if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
        },
      });
    } catch {
      return { type: 'object', description: 'Voir le schéma de l’API dans le code de @sortie/core.' };
    }
    delete json.$schema;
    const defs = json.$defs ?? {};
    delete json.$defs;
    if (Object.keys(defs).length === 0) return json;
    const renamed = new Map<string, string>();
    for (const name of Object.keys(defs)) renamed.set(name, `Schema${(this.count += 1)}`);
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      return value && typeof value === 'object' ? rewriteSchema(value) : value;
    };
    const rewriteSchema = (schema: object): JsonSchema => {
      const out: JsonSchema = {};
      for (const [key, inner] of Object.entries(schema)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) out[key] = `#/components/schemas/${renamed.get(inner.slice(8))}`;
        else if (key === '$ref' && inner === '#') out[key] = '#/components/schemas/' + this.root(json, rewriteSchema);
        else out[key] = rewrite(inner);
      }
      return out;
    };
    for (const [name, def] of Object.entries(defs)) this.components[renamed.get(name)!] = rewriteSchema(def);
    return rewriteSchema(json);
  }

  /** A schema that refers to itself as a whole (`$ref: '#'`) becomes a component of its own. */
  private roots = new Map<JsonSchema, string>();
  private root(json: JsonSchema, rewrite: (schema: JsonSchema) => JsonSchema): string {
    let name = this.roots.get(json);
    if (!name) {
      name = `Schema${(this.count += 1)}`;
      this.roots.set(json, name);
      this.components[name] = rewrite(json);
    }
    return name;
  }
}

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Requête invalide : un champ manque ou a une mauvaise forme (un message par champ dans `issues`).' },
  401: { name: 'Unauthorized', description: 'Connexion requise : pas de session, session expirée, ou clé d’API inconnue ou révoquée.' },
  403: { name: 'Forbidden', description: 'Refusé : rôle insuffisant, portée de la clé d’API insuffisante, ou requête venue de la page d’un autre site.' },
  404: { name: 'NotFound', description: 'Introuvable.' },
  409: { name: 'Conflict', description: 'En conflit avec l’état actuel (déjà pris, déjà tiré, inscriptions closes…).' },
  410: { name: 'Gone', description: 'N’existe plus : un lien court expiré ou dont les visites sont épuisées (le message dit lequel).' },
  413: { name: 'PayloadTooLarge', description: 'Corps de la requête trop volumineux.' },
  422: { name: 'Unprocessable', description: 'Contenu reçu mais inutilisable (un fichier qui n’est pas une image, par exemple).' },
  429: { name: 'TooManyRequests', description: 'Trop de requêtes : la limite (par adresse, ou par clé d’API et par minute) est atteinte ; réessayez après le délai de `Retry-After`.' },
  502: { name: 'BadGateway', description: 'Un service extérieur (paiement, Instagram, collecte…) a refusé la demande ou n’a pas répondu ; le message dit lequel.' },
  503: { name: 'Unavailable', description: 'Le serveur s’arrête ou ne joint plus sa base de données.' },
};

const ErrorSchema: JsonSchema = {
  type: 'object',
  description: 'Toute erreur : le statut, son nom, un message en français, un code stable et, pour une requête invalide, un message par champ.',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    error: { type: 'string', examples: ['Forbidden'] },
    message: { type: 'string', examples: ['Réservé à l’équipe.'] },
    code: { type: 'string', examples: ['FORBIDDEN'] },
    issues: { type: 'array', items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
};

/** Who may call, as OpenAPI security requirements: `{}` is « without credentials ». */
const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { session: [] }, { apiKey: [] }],
  user: [{ session: [] }, { apiKey: [] }],
  staff: [{ session: [] }, { apiKey: [] }],
  admin: [{ session: [] }, { apiKey: [] }],
  session: [{ session: [] }],
  staffSession: [{ session: [] }],
};
/** Who may call, in words: the last paragraph of each operation's description. */
export const ACCESS_NOTES: Record<Access, string> = {
  public: 'Ouvert à tous, sans connexion.',
  optional: 'Ouvert à tous ; une session (ou une clé d’API) peut changer la réponse.',
  user: 'Connexion requise (session ou clé d’API avec la portée voulue).',
  staff: 'Réservé à l’équipe (rôle staff ou admin), par session ou par clé d’API avec la portée voulue.',
  admin: 'Réservé aux administrateurs.',
  session: 'Par session seulement : une clé d’API est refusée.',
  staffSession: 'Réservé à l’équipe (rôle staff ou admin), par session seulement : une clé d’API est refusée.',
};
/** Who may call, for a program: the access of openapi-docs.ts, as an OpenAPI extension of each operation. */
const accessOf = (access: Access) => ({ security: SECURITY[access], 'x-access': access });

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z]+)|\*/g)].map((match) => match[1] ?? '*');
const objectShape = (schema: z.ZodType): Record<string, z.ZodType> | null => (schema instanceof z.ZodObject ? schema.shape : null);

function responsesFor(status: number, content: Json | null, description: string, errors: number[]): Json {
  const responses: Json = { [String(status)]: { description, ...(content ? { content } : {}) } };
  for (const code of [...new Set(errors)].sort()) responses[String(code)] = { $ref: `#/components/responses/${ERROR_RESPONSES[code]!.name}` };
  return responses;
}

/** The refusals an /api route can answer, from what it reads. */
function errorsFor(extra: number[], options: { params: boolean; input: boolean; outsideApi?: boolean }): number[] {
  const errors = [...extra];
  if (options.input) errors.push(400);
  if (options.params) errors.push(404);
  if (options.outsideApi) return errors;
  // A route open to all still refuses a bad API key (401), one sent from another site's page or,
  // for a write, any request from another site (403), and a key over its rate (429).
  errors.push(401, 403, 429);
  return errors;
}

function operationEntry(book: SchemaBook, operation: Operation, doc: OperationDoc): OperationObject {
  const path = pathNames(operation.path);
  const pathShape = objectShape(operation.params.path) ?? {};
  const queryShape = objectShape(operation.params.query) ?? {};
  const parameters = [
    ...path.map((name) => ({
      name: name === '*' ? 'path' : name,
      in: 'path',
      required: true,
      ...(name === '*' ? { description: 'Le chemin de la page, ses segments séparés par « / ».' } : {}),
      schema: pathShape[name] ? book.convert(pathShape[name]!, 'input') : { type: 'string' },
    })),
    ...Object.entries(queryShape).map(([name, schema]) => ({ name, in: 'query', required: !schema.safeParse(undefined).success, schema: book.convert(schema, 'input') })),
  ];
  const hasBody = !operation.params.body.safeParse(undefined).success;
  const noContent = operation.response instanceof z.ZodUndefined;
  const status = doc.status ?? (noContent ? 204 : 200);
  const content = noContent ? null : doc.responseType ? { [doc.responseType]: { schema: { type: 'string' } } } : { 'application/json': { schema: book.convert(operation.response, 'output') } };
  return {
    operationId: operation.name,
    summary: doc.summary,
    description: [doc.description, ACCESS_NOTES[doc.access]].filter(Boolean).join('\n\n'),
    tags: [doc.tag],
    ...accessOf(doc.access),
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody
      ? { requestBody: { required: true, content: doc.requestType ? { [doc.requestType]: { schema: { type: 'string', format: 'binary' } } } : { 'application/json': { schema: book.convert(operation.params.body, 'input') } } } }
      : {}),
    responses: responsesFor(status, content, doc.success ?? 'Succès.', errorsFor(doc.errors ?? [], { params: path.length > 0, input: hasBody || Object.keys(queryShape).length > 0 || path.length > 0, outsideApi: !operation.path.startsWith('/api/') })),
  };
}

/** A stored record as the API answers it: the resource's input schema with its id and dates, other fields kept. */
function recordSchema(resource: ResourceName): z.ZodType {
  const input = RESOURCES[resource].input;
  const meta = { _id: z.string(), createdAt: z.string().optional(), updatedAt: z.string().optional() };
  return input instanceof z.ZodObject ? input.extend(meta).loose() : z.looseObject(meta);
}

/** A record's own address, by its policy's readOne: anyone (nobody asked), anyone with a session that changes it, or a signed-in owner. */
const ONE_ACCESS: Record<ReadOnePolicy['viewer'], Access> = { none: 'public', optional: 'optional', signedIn: 'user' };

function resourceEntries(book: SchemaBook, paths: Record<string, PathItem>): void {
  book.components.PageMeta = book.convert(PageMetaSchema, 'output');
  const pageMeta = { $ref: '#/components/schemas/PageMeta' };
  for (const name of RESOURCE_NAMES) {
    const def = RESOURCES[name];
    const routes = RESOURCE_ROUTES[name];
    const tag = capitalise(def.label.many);
    // What the router does (routes/resources.routes.ts): the list by RESOURCES' rule, one record by its policy's readOne if any.
    const readAccess: Access = def.read === 'staff' ? 'staff' : viewerMatters(name) ? 'optional' : 'public';
    const readOne = RESOURCE_POLICY[name].readOne;
    const oneAccess: Access = readOne ? ONE_ACCESS[readOne.viewer] : readAccess;
    const writeAccess: Access = def.write === 'owner' ? 'user' : def.write;
    // What a reader who is not staff does not see (core's RESOURCES: drafts, owner-only fields).
    const hidden = [
      def.drafts ? 'Un brouillon n’est vu que de l’équipe.' : '',
      def.ownerOnly.length ? `${def.ownerOnly.map((field) => `\`${field}\``).join(', ')} : montré à son auteur et à l’équipe seulement.` : '',
    ].filter(Boolean);
    // Named once in components: each appears in up to five operations, and Redoc lists it by name.
    const named = (suffix: string, schema: z.ZodType, io: 'input' | 'output') => {
      book.components[`${pascal(name)}${suffix}`] = book.convert(schema, io);
      return { $ref: `#/components/schemas/${pascal(name)}${suffix}` };
    };
    const record = named('', recordSchema(name), 'output');
    const input = named('Input', def.input, 'input');
    const patch = named('Patch', def.patch, 'input');
    const json = (schema: Json) => ({ 'application/json': { schema } });
    const listQuery = objectShape(name === 'events' ? EventQuerySchema : CursorListQuerySchema) ?? {};
    const idParam = { name: 'id', in: 'path', required: true, description: 'Identifiant (24 caractères hexadécimaux) ; un artiste et un article se lisent aussi par leur slug.', schema: { type: 'string', maxLength: 200 } };
    const writeNote = def.write === 'owner' ? `Chaque compte modifie ses propres enregistrements (l’équipe, tous). ${ACCESS_NOTES[writeAccess]}` : ACCESS_NOTES[writeAccess];
    const readNote = (access: Access) => [...hidden, ACCESS_NOTES[access]].join(' ');
    const op = (route: OperationRoute, summary: string, access: Access, description: string) => ({ operationId: route.name, summary, description, tags: [tag], ...accessOf(access) });
    // The list and the creation share a path, as the read, the patch and the deletion do.
    paths[openApiPath(routes.list.path)] = {
      get: {
        ...op(routes.list, `Liste des ${def.label.many}`, readAccess, `Paginée par décalage (\`limit\`, \`offset\`) ou par curseur (\`cursor\`, le \`meta.nextCursor\` de la page précédente), avec recherche (\`q\`) et filtres. ${readNote(readAccess)}`),
        parameters: Object.entries(listQuery).map(([param, schema]) => ({ name: param, in: 'query', required: false, schema: book.convert(schema, 'input') })),
        responses: responsesFor(200, json({ type: 'object', required: ['meta', 'items'], properties: { meta: pageMeta, items: { type: 'array', items: record } } }), 'Une page de la liste.', errorsFor([], { params: false, input: true })),
      },
      post: {
        ...op(routes.create, `Crée : ${def.label.one}`, writeAccess, writeNote),
        requestBody: { required: true, content: json(input) },
        responses: responsesFor(201, json(record), 'Créé.', errorsFor([409], { params: false, input: true })),
      },
    };
    paths[openApiPath(routes.get.path)] = {
      get: {
        ...op(routes.get, `Lit : ${def.label.one}`, oneAccess, [readOne?.note, readNote(oneAccess)].filter(Boolean).join(' ')),
        parameters: [idParam],
        responses: responsesFor(200, json(record), 'L’enregistrement.', errorsFor([], { params: true, input: false })),
      },
      patch: {
        ...op(routes.update, `Modifie : ${def.label.one}`, writeAccess, `Seuls les champs envoyés changent. ${writeNote}`),
        parameters: [idParam],
        requestBody: { required: true, content: json(patch) },
        responses: responsesFor(200, json(record), 'L’enregistrement modifié.', errorsFor([409], { params: true, input: true })),
      },
      delete: {
        ...op(routes.remove, `Supprime : ${def.label.one}`, writeAccess, writeNote),
        parameters: [idParam],
        responses: responsesFor(204, null, 'Supprimé.', errorsFor([], { params: true, input: false })),
      },
    };
  }
}

/** 'GET /r/:code' → ['GET', '/r/:code']. */
function methodAndPath(route: string): [method: string, path: string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1)];
}

function otherEntries(paths: Record<string, PathItem>): void {
  for (const [route, doc] of Object.entries(OTHER_ROUTES)) {
    const [method, template] = methodAndPath(route);
    const path = openApiPath(template);
    const parameters = pathNames(template).map((name) => ({ name: name === '*' ? 'path' : name, in: 'path', required: true, schema: { type: 'string' } }));
    const status = doc.status ?? 200;
    paths[path] = {
      ...paths[path],
      [method.toLowerCase()]: {
        operationId: doc.operationId,
        summary: doc.summary,
        description: [doc.description, ACCESS_NOTES.public].filter(Boolean).join('\n\n'),
        tags: [doc.tag],
        ...accessOf('public'),
        ...(parameters.length ? { parameters } : {}),
        responses: {
          [String(status)]: {
            description: doc.success,
            ...(doc.responseType ? { content: { [doc.responseType]: { schema: { type: 'string' } } } } : {}),
            ...(status === 302 ? { headers: { Location: { description: 'Où aller.', schema: { type: 'string' } } } } : {}),
          },
          ...(parameters.length && status !== 302 ? { '404': { $ref: '#/components/responses/NotFound' } } : {}),
        },
      },
    };
  }
}

/** A fallback for an operation added to core's table without its row in openapi-docs.ts (openapi.test.ts fails on it). */
const undocumented = (operation: Operation): OperationDoc => ({ summary: operation.name, tag: 'Serveur', access: 'optional' });

/** The OpenAPI 3.1 document of the API, generated from core's zod schemas; `origin` is the server's (https://sortie.example). */
export function buildOpenApi(options: { origin?: string; version?: string } = {}): Json {
  const origin = (options.origin ?? 'http://localhost:3000').replace(/\/+$/, '');
  const book = new SchemaBook();
  const paths: Record<string, PathItem> = {};
  for (const operation of Object.values<Operation>(OPERATIONS)) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationEntry(book, operation, OPERATION_DOCS[operation.name] ?? undocumented(operation)) };
  }
  resourceEntries(book, paths);
  otherEntries(paths);
  const usedTags = new Set(Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((entry) => entry.tags)));
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Sortie',
      version: options.version ?? '0.1.0',
      summary: 'Événements, lieux, organisations, jeux et liens courts : l’API de Sortie.',
      description: [
        'L’API produit de Sortie, la plateforme des sorties locales. Les pages du site, le tableau de bord et la ligne de commande `sortie` passent tous par elle.',
        '**S’authentifier.** Un navigateur s’authentifie par le cookie de session (httpOnly) posé par `POST /api/auth/login/web`. Un script, une tâche planifiée ou un site partenaire envoie une **clé d’API** : `Authorization: Bearer sortie_…`. L’équipe crée ses clés dans le tableau de bord (« Clés d’API ») : chaque clé agit au nom de son propriétaire (mêmes règles de rôle), dans la limite de ses portées — `read` (lire ce qui demande une connexion), `links` (liens courts et partages), `tournaments` (tournois et championnats, actions en direct comprises), `content` (les autres contenus et les tâches). Une clé n’est jamais acceptée dans un cookie ni dans l’adresse, ni depuis la page d’un autre site, et elle est limitée en débit.',
        '**Erreurs.** Toute erreur répond `{ statusCode, error, message, code }`, le message en français.',
        RATE_LIMIT_NOTE,
        PAGINATION_NOTE,
        '**Temps réel.** Les tournois, les blind tests et les notifications passent par socket.io sur `/socket.io` (hors de ce document).',
      ].join('\n\n'),
      // Sortie is published under no open licence: its terms of use say what a reader may do.
      license: { name: 'Conditions d’utilisation de Sortie', url: `${origin}/legal/tou` },
    },
    servers: [{ url: origin, description: 'Ce serveur' }],
    tags: TAGS.filter((tag) => usedTags.has(tag.name)),
    paths: sortedPaths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sortie_session', description: 'Le cookie de session (httpOnly) posé à la connexion ; `__Host-sortie_session` en HTTPS.' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sortie_…', description: 'Une clé d’API (`sortie_` suivi de 43 caractères), ou le jeton de session que garde la ligne de commande.' },
      },
      schemas: { Error: ErrorSchema, ...book.components },
      headers: RATE_LIMIT_HEADERS,
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [
          name,
          { description, ...(name === 'TooManyRequests' ? { headers: rateLimitHeaderRefs() } : {}), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}
