import { startTestServer, type RecordedRequest, type Reply, type TestServer } from './http-server';

type Row = Record<string, unknown> & { _id: string };

export interface ProductApiData {
  /** Records per resource path ('events', 'places', 'notifications', 'dynaLinks'). */
  resources: Record<string, Row[]>;
  /** E-mail → password of the embedded identity provider. */
  accounts: Map<string, string>;
}

/**
 * A local HTTP server shaped like Sortie's product API for the calls the adapters make
 * (SPEC.md §7 and packages/server's routes): the same paths, pages {meta, items}, error
 * bodies {statusCode, error, message, code} and status codes, over data kept in memory.
 * Adapters may not depend on @sortie/server (the dependency rule), hence this stand-in.
 */
export async function startProductApiServer(data: ProductApiData): Promise<TestServer> {
  return startTestServer((request) => answer(data, request));
}

const refusal = (statusCode: number, code: string, message: string): Reply => ({
  status: statusCode,
  body: { statusCode, error: ({ 401: 'Unauthorized', 404: 'Not Found', 409: 'Conflict', 400: 'Bad Request' } as Record<number, string>)[statusCode] ?? 'Error', message, code },
});
const notFound = () => refusal(404, 'NOT_FOUND', 'Ressource introuvable.');
const linkNotFound = () => refusal(404, 'LINK_NOT_FOUND', 'Lien introuvable');

let issued = 0;

function answer(data: ProductApiData, request: RecordedRequest): Reply {
  const url = new URL(request.url, 'http://api.local');
  const path = url.pathname;
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const rows = (resource: string) => (data.resources[resource] ??= []);
  const byId = (resource: string, id: string) => rows(resource).find((row) => row._id === id);
  const key = `${request.method} ${path}`;

  if (key === 'PUT /api/dynaLinks/shortCode') {
    const link = rows('dynaLinks').find((row) => row['shortCode'] === body['shortCode']);
    if (!link) return linkNotFound();
    link['visitCount'] = Number(link['visitCount'] ?? 0) + 1;
    return { body: link };
  }
  let match = /^\/api\/dynaLinks\/([^/]+)\/visit$/.exec(path);
  if (request.method === 'PUT' && match) {
    const link = byId('dynaLinks', decodeURIComponent(match[1]!));
    if (!link) return linkNotFound();
    link['visitCount'] = Number(link['visitCount'] ?? 0) + 1;
    return { status: 204 };
  }

  const signedIn = /sortie_session=\w+/.test(String(request.headers.cookie ?? ''));
  // A whole CurrentUser, as the real server answers: the adapter parses it with the contract's schema.
  const user = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', displayName: 'Léa', email: 'lea@example.fr', roles: [], createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
  if (key === 'POST /api/auth/login/web') {
    if (typeof body['idToken'] !== 'string') return refusal(400, 'VALIDATION_FAILED', 'Requête invalide.');
    return { headers: { 'set-cookie': 'sortie_session=s3ss10n; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600' }, body: { user } };
  }
  if (key === 'GET /api/auth/me') return signedIn ? { body: user } : refusal(401, 'UNAUTHENTICATED', 'Connexion requise.');
  if (key === 'POST /api/auth/logout') return { headers: { 'set-cookie': 'sortie_session=; Path=/; Max-Age=0' }, body: { user: null } };
  // A notification is its owner's: nobody else reads it.
  if (request.method === 'GET' && path.startsWith('/api/notifications/') && !signedIn) return refusal(401, 'UNAUTHENTICATED', 'Connexion requise.');

  if (key === 'POST /api/identity/signIn' || key === 'POST /api/identity/signUp') {
    const email = String(body['email'] ?? '').toLowerCase();
    const password = String(body['password'] ?? '');
    if (key.endsWith('signUp')) {
      if (data.accounts.has(email)) return refusal(409, 'EMAIL_TAKEN', 'Un compte existe déjà avec cette adresse e-mail.');
      data.accounts.set(email, password);
      return { status: 201, body: { idToken: `local-id-token-${++issued}` } };
    }
    if (data.accounts.get(email) !== password) return refusal(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.');
    return { body: { idToken: `local-id-token-${++issued}` } };
  }

  match = /^\/api\/([A-Za-z]+)(?:\/([^/]+))?$/.exec(path);
  if (request.method === 'GET' && match) {
    const [, resource, id] = match as unknown as [string, string, string | undefined];
    if (id !== undefined) {
      const row = byId(resource, decodeURIComponent(id));
      // The redirect page reads a dynamic link by id: where it leads, never its owner nor its visits.
      if (resource === 'dynaLinks') return row ? { body: { _id: row._id, url: row['url'], shortCode: row['shortCode'] } } : refusal(404, 'NOT_FOUND', 'Lien introuvable.');
      return row ? { body: row } : notFound();
    }
    const filters = [...url.searchParams].filter(([name]) => !['limit', 'offset', 'q', 'sort'].includes(name));
    const matching = rows(resource).filter((row) => filters.every(([name, value]) => String(row[name]) === value));
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return { body: { meta: { total: matching.length, limit, offset }, items: matching.slice(offset, offset + limit) } };
  }
  return refusal(404, 'FST_ERR_NOT_FOUND', `Route ${request.method}:${path} not found`);
}
