import { z } from 'zod';
import type { ServerConfig } from '../config';
import { InstagramError, type InstagramPort, type PublishedMedia } from './port';

const TIMEOUT_MS = 30_000;

/** Graph's refusal, `{ error: { message, type, code } }`; a field of another type reads as absent. */
const GraphError = z.object({ message: z.string().optional().catch(undefined), code: z.number().optional().catch(undefined) });
const GraphAnswer = z.object({ error: z.unknown() }).partial();
const Created = z.object({ id: z.string() });
const Permalink = z.object({ permalink: z.string().optional() });
const Account = z.object({ id: z.string(), username: z.string().optional() });

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

  /** The answer, read through `schema`; a refusal, or an answer without what Sortie asked for, throws InstagramError. */
  private async call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${this.config.graphUrl}/${path}`);
    const init: RequestInit = { method, headers: { authorization: `Bearer ${this.config.accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) };
    if (method === 'GET') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    else init.body = new URLSearchParams(params);
    let response: Response;
    try {
      response = await this.fetchImpl(url, init);
    } catch (error) {
      throw new InstagramError(`Instagram injoignable : ${error instanceof Error ? error.message : String(error)}.`, null, null);
    }
    const body: unknown = await response.json().catch(() => null);
    const refusal = GraphAnswer.safeParse(body).data?.error;
    if (!response.ok || !body || refusal) {
      const error = GraphError.safeParse(refusal).data;
      throw new InstagramError(frenchReason(response.status, error), response.status, error?.code ?? null);
    }
    const answer = schema.safeParse(body);
    if (!answer.success) throw new InstagramError(`Instagram a répondu sans ce qui était demandé (HTTP ${response.status}).`, response.status, null);
    return answer.data;
  }

  async publish({ imageUrl, caption }: { imageUrl: string; caption: string }): Promise<PublishedMedia> {
    const container = await this.call('POST', `${this.config.userId}/media`, { image_url: imageUrl, caption }, Created);
    const published = await this.call('POST', `${this.config.userId}/media_publish`, { creation_id: container.id }, Created);
    // The post is out; its permalink is a convenience, not worth failing over.
    const permalink = await this.call('GET', published.id, { fields: 'permalink' }, Permalink).then((m) => m.permalink ?? null, () => null);
    return { mediaId: published.id, permalink };
  }

  async account(): Promise<{ id: string; username: string | null }> {
    const me = await this.call('GET', this.config.userId, { fields: 'id,username' }, Account);
    return { id: me.id, username: me.username ?? null };
  }
}

/** The adapter when both variables are set, else null (the routes then answer « non configuré »). */
export function instagramFromConfig(config: Pick<ServerConfig, 'instagram'>): InstagramPort | null {
  const { accessToken, userId, graphUrl } = config.instagram;
  return accessToken && userId ? new GraphInstagram({ accessToken, userId, graphUrl }) : null;
}
