import type { ServerConfig } from '../config';
import { InstagramError, type InstagramPort, type PublishedMedia } from './port';
import { fieldOf } from '../unknown-value';

const TIMEOUT_MS = 30_000;

/** Graph API error codes Sortie explains in French (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
function frenchReason(status: number, error: { message?: string; code?: number } | undefined): string {
  const code = error?.code ?? null;
  const graph = error?.message ? ` (Instagram : ${error.message})` : '';
  if (code === 190 || status === 401) return `Jeton d’accès Instagram refusé ou expiré${graph}.`;
  if (code === 10 || code === 200 || status === 403) return `Droits insuffisants sur le compte Instagram${graph}.`;
  if (code === 4 || code === 17 || code === 32 || code === 613 || status === 429) return `Trop de publications : Instagram limite le nombre d’appels, réessayez plus tard${graph}.`;
  if (code === 9004 || code === 36003) return `Instagram n’a pas pu lire le visuel (JPEG public attendu, format 4:5 à 1,91:1)${graph}.`;
  return `Instagram a refusé la demande (HTTP ${status})${graph}.`;
}

/** The Instagram Graph API through fetch: POST /{ig-user-id}/media, POST /{ig-user-id}/media_publish, GET /{media-id}?fields=permalink. */
export class GraphInstagram implements InstagramPort {
  constructor(
    private readonly config: { accessToken: string; userId: string; graphUrl: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${this.config.graphUrl}/${path}`);
    const init: RequestInit = { method, headers: { authorization: `Bearer ${this.config.accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) };
    if (method === 'GET') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    else init.body = new URLSearchParams(params);
    let response: Response;
    try {
      response = await this.fetchImpl(url, init);
    } catch (error) {
      throw new InstagramError(`Instagram injoignable : ${fieldOf(error, 'message')}.`, null, null);
    }
    // Graph's JSON, read as the answer the caller asked for (Graph's documented shape) or its error.
    const body: (T & { error?: { message?: string; type?: string; code?: number } }) | null = await response.json().catch(() => null);
    if (!response.ok || !body || body.error) throw new InstagramError(frenchReason(response.status, body?.error), response.status, body?.error?.code ?? null);
    return body;
  }

  async publish({ imageUrl, caption }: { imageUrl: string; caption: string }): Promise<PublishedMedia> {
    const container = await this.call<{ id: string }>('POST', `${this.config.userId}/media`, { image_url: imageUrl, caption });
    const published = await this.call<{ id: string }>('POST', `${this.config.userId}/media_publish`, { creation_id: container.id });
    // The post is out; its permalink is a convenience, not worth failing over.
    const permalink = await this.call<{ permalink?: string }>('GET', published.id, { fields: 'permalink' }).then((m) => m.permalink ?? null, () => null);
    return { mediaId: published.id, permalink };
  }

  async account(): Promise<{ id: string; username: string | null }> {
    const me = await this.call<{ id: string; username?: string }>('GET', this.config.userId, { fields: 'id,username' });
    return { id: me.id, username: me.username ?? null };
  }
}

/** The adapter when both variables are set, else null (the routes then answer « non configuré »). */
export function instagramFromConfig(config: Pick<ServerConfig, 'instagram'>): InstagramPort | null {
  const { accessToken, userId, graphUrl } = config.instagram;
  return accessToken && userId ? new GraphInstagram({ accessToken, userId, graphUrl }) : null;
}
