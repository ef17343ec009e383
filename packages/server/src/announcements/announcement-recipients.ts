import type { AnnouncementTarget } from '@sortie/core/domain';
import type { Db } from '../db/database';

/**
 * Who an announcement reaches, as accounts that still exist: the followers of a place or an
 * organisation; for an event, its participants — who liked it, entered one of its forms or
 * raffles, or joined one of its tournaments with an account.
 */
const RECIPIENTS: Record<AnnouncementTarget['kind'], string> = {
  place: `SELECT user_id AS id FROM follows WHERE target_kind = 'place' AND target_id = $1`,
  organization: `SELECT user_id AS id FROM follows WHERE target_kind = 'organization' AND target_id = $1`,
  event: `SELECT user_id AS id FROM likes WHERE event_id = $1
    UNION SELECT x.user_id FROM form_entries x JOIN forms f ON f.id = x.form_id WHERE f.event_id = $1 AND x.user_id IS NOT NULL
    UNION SELECT x.entrant FROM raffle_entries x JOIN raffles r ON r.id = x.raffle_id WHERE r.event_id = $1
    UNION SELECT p->>'userId' FROM tournaments t, jsonb_array_elements(COALESCE(t.data->'participants', '[]'::jsonb)) p WHERE t.event_id = $1 AND p ? 'userId'`,
};

export async function announcementRecipients(db: Db, target: AnnouncementTarget): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT u.id FROM users u WHERE u.id IN (${RECIPIENTS[target.kind]}) ORDER BY u.id`, [target.id]);
  return rows.map((row) => row.id);
}

/** The table each kind of target lives in, to refuse an announcement to nothing. */
export const TARGET_TABLES: Record<AnnouncementTarget['kind'], string> = { place: 'places', organization: 'organizations', event: 'events' };
