import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INSTAGRAM_NOT_CONFIGURED_MESSAGE, INSTAGRAM_VARIABLES, OPERATIONS, instagramCaption, type InstagramEvent, type InstagramPublication } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, NotConfiguredError, UpstreamError } from '../http/errors';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import { publicOrigin } from '../seo/public-origin';
import { recordOf } from '../db/rows';
import { newId } from '../db/store';
import { actorOf, recordAudit } from '../audit/audit-log';
import { instagramFromConfig } from './graph-adapter';
import { instagramVisual } from './visual';
import { findShortLink } from '../designer/short-link';
import { InstagramError, type InstagramPort } from './port';

const UPCOMING_LIMIT = 60;
const PUBLICATION_COLUMNS = 'id, event_id, event_title, user_id, user_name, caption, image_url, status, media_id, permalink, error, created_at';
const HISTORY_LIMIT = 200;

type EventRow = {
  id: string;
  data: unknown;
  place: string | null;
};

/** `link`: the event's short link when staff already made one (the designer's QR code), else its page. */
function toEvent(origin: string, row: EventRow, link: string | null = null): InstagramEvent {
  const data = recordOf(row.data);
  const title = String(data['title'] ?? '');
  const startsAt = String(data['startsAt'] ?? '');
  return {
    id: row.id,
    title,
    startsAt,
    caption: instagramCaption({ title, startsAt, placeName: row.place, city: typeof data['city'] === 'string' ? data['city'] : null, description: typeof data['description'] === 'string' ? data['description'] : null, url: link ?? `${origin}/events/${row.id}` }),
    visualPath: `/api/designer/events/${row.id}/image.png?format=square&download=1`,
  };
}

const EVENT_SQL = `SELECT e.id, e.data, p.data->>'name' AS place FROM events e LEFT JOIN places p ON p.id = e.data->>'placeId'`;

type PublicationRow = {
  id: string;
  event_id: string;
  event_title: string;
  user_id: string | null;
  user_name: string | null;
  caption: string;
  image_url: string;
  status: 'pending' | 'published' | 'failed';
  media_id: string | null;
  permalink: string | null;
  error: string | null;
  created_at: Date | string;
};
const publicationOf = (row: PublicationRow): InstagramPublication => ({
  id: row.id,
  eventId: row.event_id,
  eventTitle: row.event_title,
  userId: row.user_id,
  userName: row.user_name,
  caption: row.caption,
  imageUrl: row.image_url,
  status: row.status,
  mediaId: row.media_id,
  permalink: row.permalink,
  error: row.error,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * /dashboard/instagram (issue 23): staff see the coming events with a caption ready, download the
 * designer's square visual and, when INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_USER_ID are set,
 * publish it to the venue's professional account; every attempt, published or refused, is kept
 * in the history (/dashboard/instagram/index_old). `port` replaces the Graph API in tests.
 */
export function registerInstagramRoutes(app: FastifyInstance, ctx: AppContext, port: InstagramPort | null = instagramFromConfig(ctx.config)): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const variables = () => INSTAGRAM_VARIABLES.map((v) => ({ ...v, set: Boolean(v.name === 'INSTAGRAM_ACCESS_TOKEN' ? ctx.config.instagram.accessToken : ctx.config.instagram.userId) }));

  serve(app, OPERATIONS.instagramStatus, async (_input, { request }) => {
    const origin = publicOrigin(ctx.config, request);
    const since = new Date(ctx.now() - 24 * 3600_000).toISOString();
    const rows = await ctx.db.query<EventRow>(`${EVENT_SQL} WHERE (e.data->>'startsAt')::timestamptz >= $1::timestamptz ORDER BY (e.data->>'startsAt')::timestamptz, e.id LIMIT ${UPCOMING_LIMIT}`, [since]);
    // Instagram's servers fetch the visual themselves: an address they cannot reach fails every publication.
    const warning = port && !ctx.config.publicUrl ? `SORTIE_PUBLIC_URL n’est pas défini : Instagram lira les visuels à ${origin}, une adresse qu’il doit pouvoir joindre depuis Internet.` : null;
    return { configured: port !== null, variables: variables(), events: await Promise.all(rows.map(async (row) => toEvent(origin, row, (await findShortLink(ctx, origin, `${origin}/events/${row.id}`))?.url ?? null))), warning };
  }, staff);

  serve(app, OPERATIONS.instagramPublish, async ({ path: { id }, body }, { request, guard: user }) => {
    if (!port) throw new NotConfiguredError(INSTAGRAM_NOT_CONFIGURED_MESSAGE);
    const [row] = await ctx.db.query<EventRow>(`${EVENT_SQL} WHERE e.id = $1`, [id]);
    if (!row) throw notFound('Événement introuvable.');
    const origin = publicOrigin(ctx.config, request);
    const event = toEvent(origin, row);
    // Instagram's servers read the visual themselves, while the container is made: a JPEG behind a random address.
    const token = randomBytes(18).toString('base64url');
    const imageUrl = `${origin}/api/instagram/visuals/${token}.jpg`;
    const visual = await instagramVisual(ctx, origin, id, user._id);
    const publicationId = newId();
    await ctx.db.query(
      `INSERT INTO instagram_publications (id, event_id, event_title, user_id, user_name, caption, image_url, status, created_at, visual_token, visual)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10)`,
      [publicationId, id, event.title, user._id, user.displayName || user.email, body.caption, imageUrl, new Date(ctx.now()).toISOString(), token, visual],
    );
    let outcome: { status: 'published' | 'failed'; mediaId: string | null; permalink: string | null; error: string | null };
    try {
      const media = await port.publish({ imageUrl, caption: body.caption });
      outcome = { status: 'published', mediaId: media.mediaId, permalink: media.permalink, error: null };
    } catch (error) {
      outcome = { status: 'failed', mediaId: null, permalink: null, error: error instanceof InstagramError ? error.message : `Erreur inattendue : ${(error as Error).message}` };
    }
    const [saved] = await ctx.db.transaction(async (tx) => {
      const updated = await tx.query<PublicationRow>(
        `UPDATE instagram_publications SET status = $2, media_id = $3, permalink = $4, error = $5 WHERE id = $1 RETURNING ${PUBLICATION_COLUMNS}`,
        [publicationId, outcome.status, outcome.mediaId, outcome.permalink, outcome.error],
      );
      await recordAudit(tx, { actor: actorOf(user), action: 'instagram.publish', targetType: 'events', targetId: id, after: { status: outcome.status, permalink: outcome.permalink } });
      return updated;
    });
    // The attempt is in the history either way; the caller hears the refusal in French.
    if (outcome.status === 'failed') throw new UpstreamError(outcome.error ?? 'Publication refusée par Instagram.');
    return publicationOf(saved!);
  }, staff);

  serve(app, OPERATIONS.instagramVisual, async ({ path: { token } }, { reply }) => {
    const [row] = await ctx.db.query<{ visual: Buffer | Uint8Array | null }>('SELECT visual FROM instagram_publications WHERE visual_token = $1', [token]);
    if (!row?.visual) throw notFound('Visuel introuvable.');
    const bytes = Buffer.from(row.visual.buffer, row.visual.byteOffset, row.visual.byteLength);
    return reply.type('image/jpeg').header('content-length', bytes.byteLength).send(bytes);
  });

  serve(app, OPERATIONS.instagramPublications, async () => {
    const rows = await ctx.db.query<PublicationRow>(`SELECT ${PUBLICATION_COLUMNS} FROM instagram_publications ORDER BY created_at DESC, seq DESC LIMIT ${HISTORY_LIMIT}`);
    return { items: rows.map(publicationOf) };
  }, staff);
}
