import { randomBytes } from 'node:crypto';
import { INSTAGRAM_NOT_CONFIGURED_MESSAGE, instagramCaption, type InstagramEvent, type InstagramPublication } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { notFound, NotConfiguredError, UpstreamError } from '../http/errors';
import { recordOf } from '../db/rows';
import { newId } from '../db/store';
import { actorOf, recordAudit } from '../audit/audit-log';
import { findShortLink } from '../designer/short-link';
import { instagramVisual } from './visual';
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

type Outcome = { status: 'published' | 'failed'; mediaId: string | null; permalink: string | null; error: string | null };

/**
 * The Instagram publications of /dashboard/instagram (issue 23): the coming events with their
 * caption ready, publishing an event's square visual through `port` (null when Instagram is
 * not configured), the visuals Instagram's servers fetch while a post is made, and the history
 * of every attempt, published or refused. `origin` is the public address the visitor used.
 */
export class InstagramService {
  constructor(
    private readonly ctx: AppContext,
    private readonly port: InstagramPort | null,
  ) {}

  /** The events of the last day on, by start, each with its caption (linking the short link staff made, if any). */
  async upcoming(origin: string): Promise<InstagramEvent[]> {
    const since = new Date(this.ctx.now() - 24 * 3600_000).toISOString();
    const rows = await this.ctx.db.query<EventRow>(`${EVENT_SQL} WHERE (e.data->>'startsAt')::timestamptz >= $1::timestamptz ORDER BY (e.data->>'startsAt')::timestamptz, e.id LIMIT ${UPCOMING_LIMIT}`, [since]);
    return Promise.all(rows.map(async (row) => toEvent(origin, row, (await findShortLink(this.ctx, origin, `${origin}/events/${row.id}`))?.url ?? null)));
  }

  /**
   * Publishes the event's square visual with `caption`, for `user`. The attempt is kept first
   * (pending), then its outcome with its audit entry in one transaction; a refusal is in the
   * history either way and is thrown in French (UpstreamError, 502).
   */
  async publish(input: { eventId: string; caption: string; origin: string; user: UserJson }): Promise<InstagramPublication> {
    const { port } = this;
    if (!port) throw new NotConfiguredError(INSTAGRAM_NOT_CONFIGURED_MESSAGE);
    const { eventId, caption, origin, user } = input;
    const [row] = await this.ctx.db.query<EventRow>(`${EVENT_SQL} WHERE e.id = $1`, [eventId]);
    if (!row) throw notFound('Événement introuvable.');
    const event = toEvent(origin, row);
    // Instagram's servers read the visual themselves, while the container is made: a JPEG behind a random address.
    const token = randomBytes(18).toString('base64url');
    const imageUrl = `${origin}/api/instagram/visuals/${token}.jpg`;
    const visual = await instagramVisual(this.ctx, origin, eventId, user._id);
    const publicationId = newId();
    await this.ctx.db.query(
      `INSERT INTO instagram_publications (id, event_id, event_title, user_id, user_name, caption, image_url, status, created_at, visual_token, visual)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10)`,
      [publicationId, eventId, event.title, user._id, user.displayName || user.email, caption, imageUrl, new Date(this.ctx.now()).toISOString(), token, visual],
    );
    let outcome: Outcome;
    try {
      const media = await port.publish({ imageUrl, caption });
      outcome = { status: 'published', mediaId: media.mediaId, permalink: media.permalink, error: null };
    } catch (error) {
      const message = error instanceof InstagramError ? error.message : `Erreur inattendue : ${error instanceof Error ? error.message : String(error)}`;
      outcome = { status: 'failed', mediaId: null, permalink: null, error: message };
    }
    const [saved] = await this.ctx.db.transaction(async (tx) => {
      const updated = await tx.query<PublicationRow>(
        `UPDATE instagram_publications SET status = $2, media_id = $3, permalink = $4, error = $5 WHERE id = $1 RETURNING ${PUBLICATION_COLUMNS}`,
        [publicationId, outcome.status, outcome.mediaId, outcome.permalink, outcome.error],
      );
      await recordAudit(tx, { actor: actorOf(user), action: 'instagram.publish', targetType: 'events', targetId: eventId, after: { status: outcome.status, permalink: outcome.permalink } });
      return updated;
    });
    // The attempt is in the history either way; the caller hears the refusal in French.
    if (outcome.status === 'failed') throw new UpstreamError(outcome.error ?? 'Publication refusée par Instagram.');
    if (!saved) throw notFound('Publication introuvable.');
    return publicationOf(saved);
  }

  /** The JPEG behind a publication's visual address, or null (an unknown token, or no visual kept). */
  async visual(token: string): Promise<Buffer | null> {
    const [row] = await this.ctx.db.query<{ visual: Buffer | Uint8Array | null }>('SELECT visual FROM instagram_publications WHERE visual_token = $1', [token]);
    if (!row?.visual) return null;
    return Buffer.from(row.visual.buffer, row.visual.byteOffset, row.visual.byteLength);
  }

  /** The last publications, newest first. */
  async history(): Promise<InstagramPublication[]> {
    const rows = await this.ctx.db.query<PublicationRow>(`SELECT ${PUBLICATION_COLUMNS} FROM instagram_publications ORDER BY created_at DESC, seq DESC LIMIT ${HISTORY_LIMIT}`);
    return rows.map(publicationOf);
  }
}
