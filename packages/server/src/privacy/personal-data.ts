import { z } from 'zod';
import { DELETED_ACCOUNT_LABEL, FormSchema, raffleWindow, RaffleSchema } from '@sortie/core';
import type { Db } from '../db/database';
import type { AppContext } from '../http/context';
import { recordOf } from '../db/rows';
import { uploadedImageOf } from '../images/uploaded-avatars';

/*
 * Every table that holds something about a person, in one list: what the export copies
 * (GET /api/me/export) and what the deletion does (DELETE /api/me), table by table.
 * personal-data.test.ts reads the database's own catalogue and fails when a column that names
 * a person (user_id, owner_id, actor_id, email, …) belongs to a table this list does not cover:
 * a new table of personal data is added here, or the test says so.
 */

/** Whose data: the account's id, its e-mail (lower case) and the name it shows. */
export interface Person {
  id: string;
  email: string;
  displayName: string;
}

/** What an eraser may need beyond the transaction: the time (a raffle's window), and what to do once it is committed. */
export interface EraseContext {
  now: number;
  /** Runs after the commit (in-memory copies to drop). */
  afterCommit: (step: (ctx: AppContext) => void) => void;
}

export interface PersonalTable {
  table: string;
  /** The columns (or `data` keys) that name the person: what the coverage test checks. */
  identifies: readonly string[];
  /** Where the export puts its rows; null: nothing of the person's to show (a bookkeeping key). */
  section: string | null;
  /**
   * The person's rows, as SQL over the table aliased `t` and `who` (`who.id`, `who.email`).
   * The export reads them; the deletion removes them unless `erase` says otherwise.
   */
  mine: string;
  /** More rows the deletion removes, or its step changes (others' follows of the person, others' answers naming them). */
  alsoErase?: string;
  /** Columns never exported: secrets' hashes, search vectors. */
  omit?: readonly string[];
  /** What the export shows of a row when not the row itself (a record shared with others: only the person's part), as SQL over `t` and `who`. */
  exportRow?: string;
  /** Removed (the default), or kept anonymous by a step of its own. */
  erase?: (tx: Db, person: Person, context: EraseContext) => Promise<void>;
}

/** `who` in every query: the person's id ($1) and e-mail ($2). */
export const WHO = 'WITH who AS (SELECT $1::text AS id, lower($2::text) AS email)';

/** The rows the deletion touches in a table: the person's, and those it also erases. */
export function erasing(table: string): string {
  const entry = PERSONAL_TABLES.find((p) => p.table === table)!;
  return entry.alsoErase ? `(${entry.mine}) OR (${entry.alsoErase})` : `(${entry.mine})`;
}

/** The person's id or e-mail inside a jsonb value, as text. */
const mentions = (column: string) => `strpos(lower(COALESCE((${column})::text, '')), who.email) > 0`;

export const PERSONAL_TABLES: readonly PersonalTable[] = [
  // First, while the account still exists: what must outlive it, kept without naming the person.
  {
    table: 'audit_log',
    identifies: ['actor_id', 'actor_label'],
    section: 'auditLog',
    // What was done by or to the person; never who else did it (a staff member's e-mail is theirs).
    exportRow: `jsonb_build_object('at', t.at, 'action', t.action, 'targetType', t.target_type, 'targetId', t.target_id, 'before', t.before, 'after', t.after, 'byMe', t.actor_id IS NOT DISTINCT FROM who.id OR lower(t.actor_label) = who.email)`,
    mine: `t.actor_id = who.id OR lower(t.actor_label) = who.email OR (t.target_type = 'users' AND t.target_id = who.id) OR ${mentions('t.before')} OR ${mentions('t.after')}`,
    erase: scrubAuditLog,
  },
  {
    table: 'raffle_entries',
    identifies: ['entrant', 'email_key', 'user_key', 'data.userId', 'data.email', 'data.name'],
    section: 'raffleEntries',
    mine: `t.entrant = who.id OR lower(t.entrant) = who.email OR t.data->>'userId' = who.id OR lower(t.data->>'email') = who.email`,
    erase: eraseRaffleEntries,
  },
  {
    table: 'form_entries',
    identifies: ['user_id', 'email_key', 'user_key', 'data.userId', 'data.answers'],
    section: 'formEntries',
    // Theirs: by their account, or without an account under their e-mail.
    mine: `t.user_id = who.id OR t.data->>'userId' = who.id OR (t.user_id IS NULL AND NOT (t.data ? 'userId') AND ${mentions("t.data->'answers'")})`,
    // Someone else's answer that names them loses their name and e-mail, and stays the other's.
    alsoErase: mentions("t.data->'answers'"),
    erase: anonymiseFormEntries,
  },
  {
    // A share's link may be printed or posted: it keeps working, without its author.
    table: 'shares',
    identifies: ['user_id', 'data.userId'],
    section: 'shares',
    mine: `t.user_id = who.id OR t.data->>'userId' = who.id`,
    erase: (tx, person) => tx.query(`UPDATE shares SET user_id = NULL, data = data - 'userId' WHERE user_id = $1 OR data->>'userId' = $1`, [person.id]).then(() => undefined),
  },
  {
    // A short link too: it keeps leading where it led, without its author.
    table: 'dyna_links',
    identifies: ['data.createdBy'],
    section: 'shortLinks',
    mine: `t.data->>'createdBy' = who.id`,
    erase: (tx, person) => tx.query(`UPDATE dyna_links SET data = data - 'createdBy' WHERE data->>'createdBy' = $1`, [person.id]).then(() => undefined),
  },
  {
    // The visitor's picture goes with its files; a picture they uploaded for an event (staff) stays, without its uploader.
    table: 'images',
    identifies: ['data.uploadedBy'],
    section: 'images',
    mine: `t.data->>'uploadedBy' = who.id`,
    erase: eraseImages,
  },
  {
    // A tournament's bracket and results stay; the person's place in it is « compte supprimé », with no account.
    table: 'tournaments',
    identifies: ['data.participants.userId', 'data.participants.name'],
    section: 'tournaments',
    mine: `t.data->'participants' @> jsonb_build_array(jsonb_build_object('userId', who.id))`,
    exportRow: `jsonb_build_object('tournamentId', t.id, 'tournament', t.name, 'participant', (SELECT p FROM jsonb_array_elements(t.data->'participants') p WHERE p->>'userId' = who.id LIMIT 1))`,
    erase: anonymiseTournaments,
  },
  {
    table: 'likes',
    identifies: ['user_id'],
    section: 'likes',
    mine: 't.user_id = who.id',
    // Each liked event counts one like less, as an unlike does.
    async erase(tx, person) {
      await tx.query(
        `UPDATE events e SET data = jsonb_set(e.data, '{likeCount}', to_jsonb(GREATEST(COALESCE((e.data->>'likeCount')::int, 0) - 1, 0)))
         FROM likes l WHERE l.event_id = e.id AND l.user_id = $1`,
        [person.id],
      );
      await tx.query('DELETE FROM likes WHERE user_id = $1', [person.id]);
    },
  },
  { table: 'follows', identifies: ['user_id'], section: 'follows', mine: 't.user_id = who.id', alsoErase: `t.target_kind = 'user' AND t.target_id = who.id` },
  { table: 'notifications', identifies: ['user_id'], section: 'notifications', mine: 't.user_id = who.id' },
  // `<kind>:<user id>:<target>`: which notifications a job already made for the person.
  { table: 'notification_keys', identifies: ['key'], section: null, mine: 'strpos(t.key, who.id) > 0' },
  { table: 'user_badges', identifies: ['user_id'], section: 'badges', mine: 't.user_id = who.id' },
  // What the account's blind-test players answered (issue 32). Before blind_test_players, which says
  // who they were: once that link is erased, the answers name nobody and stay in their game's report.
  {
    table: 'blind_test_answers',
    identifies: ['player_id'],
    section: 'blindTestAnswers',
    mine: 'EXISTS (SELECT 1 FROM blind_test_players p WHERE p.user_id = who.id AND p.player_id = t.player_id AND p.blind_test_id = t.blind_test_id)',
    erase: async () => undefined,
  },
  // Which blind-test player (a nickname on a phone) the account was, and its podiums.
  { table: 'blind_test_players', identifies: ['user_id', 'player_id'], section: 'blindTestPlayers', mine: 't.user_id = who.id' },
  { table: 'blind_test_podiums', identifies: ['user_id'], section: 'blindTestPodiums', mine: 't.user_id = who.id' },
  {
    // Staff's announcements to followers stay, sent as they were, without their author.
    table: 'announcements',
    identifies: ['created_by'],
    section: 'announcements',
    mine: 't.created_by = who.id',
    erase: (tx, person) => tx.query('UPDATE announcements SET created_by = NULL WHERE created_by = $1', [person.id]).then(() => undefined),
  },
  // A Sortie Pro subscription: which Stripe customer the account was (Stripe keeps its own records).
  { table: 'stripe_subscriptions', identifies: ['user_id', 'customer_id'], section: 'subscriptions', mine: 't.user_id = who.id' },
  {
    // What staff published to Instagram stays in the venue's history, without who published it.
    table: 'instagram_publications',
    identifies: ['user_id', 'user_name'],
    section: 'instagramPublications',
    mine: 't.user_id = who.id',
    omit: ['visual_token'],
    erase: (tx, person) => tx.query('UPDATE instagram_publications SET user_id = NULL, user_name = NULL WHERE user_id = $1', [person.id]).then(() => undefined),
  },
  { table: 'event_roles', identifies: ['user_id'], section: 'eventRoles', mine: 't.user_id = who.id' },
  { table: 'place_roles', identifies: ['user_id'], section: 'placeRoles', mine: 't.user_id = who.id' },
  { table: 'api_keys', identifies: ['user_id'], section: 'apiKeys', mine: 't.user_id = who.id', omit: ['key_hash'] },
  { table: 'mails', identifies: ['user_id', 'to'], section: 'mails', mine: 't.user_id = who.id OR lower(t."to") = who.email' },
  { table: 'identity_tokens', identifies: ['user_id', 'email'], section: 'identityLinks', mine: 't.user_id = who.id OR lower(t.email) = who.email', omit: ['token_hash'] },
  // The browsers that receive the person's notifications (Web Push): where, not the keys that encrypt them.
  { table: 'push_subscriptions', identifies: ['user_id'], section: 'pushSubscriptions', mine: 't.user_id = who.id', omit: ['key_p256dh', 'key_auth'] },
  // The browsers that registered an FCM device token (the tokens themselves are in the account's record).
  { table: 'messaging_devices', identifies: ['user_id'], section: 'messagingDevices', mine: 't.user_id = who.id' },
  // What each notification became on each channel (sent, failed and why).
  { table: 'notification_deliveries', identifies: ['user_id'], section: 'notificationDeliveries', mine: 't.user_id = who.id', omit: ['claim'] },
  { table: 'sessions', identifies: ['user_id'], section: 'sessions', mine: 't.user_id = who.id', omit: ['token_hash', 'device_hash'] },
  // ActivityPub (issue 35): `actor_id` is one of our places or organisations, `remote_actor` an
  // account on another server, never a Sortie account: no row of these is a person's here.
  // Their ids and handles stay on the server that keeps them; a place's staff see its followers.
  ...(
    [
      ['federation_followers', ['actor_id']],
      ['federation_interactions', ['actor_id', 'remote_actor']],
      ['federation_following', ['actor_id', 'remote_actor']],
      ['federation_received', ['actor_id', 'remote_actor']],
      ['federation_events', ['actor_id']],
      ['federation_deliveries', ['actor_id']],
    ] as const
  ).map(([table, identifies]) => ({ table, identifies, section: null, mine: 'false' })),
  // Last: the account itself (its push devices are in its record).
  { table: 'users', identifies: ['id', 'email'], section: 'account', mine: 't.id = who.id', omit: ['password_hash'] },
];

/** The columns of each table of the current schema (a declared table a migration has not created yet is absent). */
export async function tableColumns(db: Db): Promise<Map<string, Set<string>>> {
  const rows = await db.query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
  );
  const tables = new Map<string, Set<string>>();
  for (const row of rows) {
    const table = z.string().parse(row.table_name);
    tables.set(table, (tables.get(table) ?? new Set()).add(z.string().parse(row.column_name)));
  }
  return tables;
}

/** A column that names a person: their account (user_id, owner_id, actor_label, user_key…) or an e-mail address. */
export function namesAPerson(column: string): boolean {
  if (column === 'user_agent') return false;
  if (/email/.test(column)) return !/_at$/.test(column);
  return /^(?:.*_)?(?:user|owner|actor|author|creator|entrant|member|player|recipient|subscriber|customer|account)(?:_(?:id|key|label|name|email))?$/.test(column) || /^(?:to|created_by|updated_by)$/.test(column);
}

/** A column never exported: a secret's hash (passwords, session and link tokens, keys). */
export const isSecret = (column: string): boolean => /(?:^|_)(?:hash|secret)$/.test(column) || column.startsWith('password');

/** Sets the listed columns to null where the table has them (keys that a later migration added). */
async function clearColumns(tx: Db, table: string, columns: readonly string[], id: string): Promise<void> {
  const present = (await tableColumns(tx)).get(table) ?? new Set<string>();
  const cleared = columns.filter((column) => present.has(column));
  if (cleared.length) await tx.query(`UPDATE ${table} SET ${cleared.map((column) => `"${column}" = NULL`).join(', ')} WHERE id = $1`, [id]);
}

// ——— The steps that keep a record without its person ———

const RaffleRecord = RaffleSchema.pick({ opensAt: true, closesAt: true, status: true, draw: true }).loose();

/**
 * A raffle still open simply loses the entry (and one from its count). Once it has closed, its
 * entry list is frozen and hashed (raffle-draw.service.ts): the entry stays, under its id, which
 * is all the proof commits to, with nothing left of the person; a prize it won is listed under
 * « compte supprimé ».
 */
async function eraseRaffleEntries(tx: Db, person: Person, { now }: EraseContext): Promise<void> {
  const entries = await tx.query(
    `${WHO} SELECT t.id, t.raffle_id FROM raffle_entries t, who WHERE ${PERSONAL_TABLES.find((p) => p.table === 'raffle_entries')!.mine} ORDER BY t.id FOR UPDATE OF t`,
    [person.id, person.email],
  );
  for (const entry of entries) {
    const entryId = z.string().parse(entry.id);
    const raffleId = z.string().parse(entry.raffle_id);
    const [raffle] = await tx.query('SELECT data FROM raffles WHERE id = $1 FOR UPDATE', [raffleId]);
    const record = raffle ? RaffleRecord.parse(raffle.data) : null;
    const frozen = record ? Boolean(record.draw?.entriesHash) || raffleWindow(record, now) === 'closed' : false;
    if (!frozen) {
      await tx.query('DELETE FROM raffle_entries WHERE id = $1', [entryId]);
      if (record) await tx.query(`UPDATE raffles SET data = jsonb_set(data, '{entryCount}', to_jsonb(GREATEST(COALESCE((data->>'entryCount')::int, 0) - 1, 0))) WHERE id = $1`, [raffleId]);
      continue;
    }
    // `entrant` keeps the one-entry rule's uniqueness: a placeholder of its own, from the entry's id.
    await tx.query('UPDATE raffle_entries SET entrant = $2, data = $3 WHERE id = $1', [
      entryId,
      `${DELETED_ACCOUNT_LABEL}:${entryId}`,
      JSON.stringify({ raffleId, name: DELETED_ACCOUNT_LABEL, anonymised: true }),
    ]);
    // The one-entry rule's keys (core's emailIdentity, the account) and a pending confirmation link go too.
    await clearColumns(tx, 'raffle_entries', ['email_key', 'user_key', 'confirm_token_hash'], entryId);
    const winners = record?.draw?.winners ?? [];
    if (winners.some((w) => w.entryId === entryId)) {
      const renamed = winners.map((w) => (w.entryId === entryId ? { ...w, name: DELETED_ACCOUNT_LABEL } : w));
      await tx.query(`UPDATE raffles SET data = jsonb_set(data, '{draw,winners}', $2::jsonb) WHERE id = $1`, [raffleId, JSON.stringify(renamed)]);
    }
  }
}

/** Answers that cannot name anyone: a number, a choice among the organiser's options, a box, a date. */
const ANONYMOUS_FIELD_TYPES = new Set(['number', 'select', 'checkbox', 'date']);
const FormFields = FormSchema.pick({ fields: true }).loose();
const FormEntryRecord = z.object({ answers: z.record(z.string(), z.unknown()).default({}) }).loose();

/**
 * A form entry stays for the organiser's count and figures: without its account, and with only
 * the answers that cannot name anyone (free text and e-mail answers are removed).
 */
async function anonymiseFormEntries(tx: Db, person: Person): Promise<void> {
  const entries = await tx.query(
    `${WHO} SELECT t.id, t.form_id, t.user_id, t.data FROM form_entries t, who WHERE ${erasing('form_entries')} FOR UPDATE OF t`,
    [person.id, person.email],
  );
  const fieldsOf = new Map<string, Set<string>>();
  for (const entry of entries) {
    const formId = z.string().parse(entry.form_id);
    if (!fieldsOf.has(formId)) {
      const [form] = await tx.query('SELECT data FROM forms WHERE id = $1', [formId]);
      const fields = form ? FormFields.safeParse(form.data) : null;
      fieldsOf.set(formId, new Set(fields?.success ? fields.data.fields.filter((f) => ANONYMOUS_FIELD_TYPES.has(f.type)).map((f) => f.key) : []));
    }
    const kept = fieldsOf.get(formId)!;
    const record = FormEntryRecord.parse(entry.data);
    const owner = typeof entry.user_id === 'string' ? entry.user_id : typeof record.userId === 'string' ? record.userId : null;
    if (owner && owner !== person.id) {
      // Someone else's answer that names the person (a friend registered by e-mail): only the person leaves it.
      await tx.query('UPDATE form_entries SET data = $2 WHERE id = $1', [entry.id, JSON.stringify({ ...record, answers: scrubJson(record.answers, person, true) })]);
      continue;
    }
    const answers = Object.fromEntries(Object.entries(record.answers).filter(([key]) => kept.has(key)));
    const { userId: _userId, ...rest } = record;
    await tx.query('UPDATE form_entries SET user_id = NULL, data = $2 WHERE id = $1', [entry.id, JSON.stringify({ ...rest, answers, anonymised: true })]);
    await clearColumns(tx, 'form_entries', ['email_key', 'user_key'], z.string().parse(entry.id));
  }
}

const Participants = z.array(z.looseObject({ userId: z.string().optional() }));

async function anonymiseTournaments(tx: Db, person: Person, { afterCommit }: EraseContext): Promise<void> {
  const rows = await tx.query(`${WHO} SELECT t.id, t.data FROM tournaments t, who WHERE ${PERSONAL_TABLES.find((p) => p.table === 'tournaments')!.mine} FOR UPDATE OF t`, [person.id, person.email]);
  for (const row of rows) {
    const id = z.string().parse(row.id);
    const participants = Participants.parse(recordOf(row.data).participants).map((participant) => {
      if (participant.userId !== person.id) return participant;
      const { userId: _userId, ...rest } = participant;
      return { ...rest, name: DELETED_ACCOUNT_LABEL };
    });
    await tx.query(`UPDATE tournaments SET data = jsonb_set(data, '{participants}', $2::jsonb) WHERE id = $1`, [id, JSON.stringify(participants)]);
    // The live copy of the bracket (socket actions) is read again from the database.
    afterCommit((ctx) => ctx.tournaments?.invalidate(id));
  }
}

async function eraseImages(tx: Db, person: Person): Promise<void> {
  const [user] = await tx.query(`SELECT data->>'avatar' AS avatar FROM users WHERE id = $1`, [person.id]);
  const avatar = uploadedImageOf(user?.avatar);
  if (avatar) {
    await tx.query('DELETE FROM image_files WHERE image_id = $1', [avatar]);
    await tx.query(`DELETE FROM images WHERE id = $1 AND data->>'uploadedBy' = $2`, [avatar, person.id]);
  }
  const others = await tx.query(`SELECT id, data FROM images WHERE data->>'uploadedBy' = $1`, [person.id]);
  for (const image of others) {
    const { uploadedBy: _uploadedBy, ...data } = recordOf(image.data);
    await tx.query('UPDATE images SET data = $2 WHERE id = $1', [image.id, JSON.stringify(scrubJson(data, person, true))]);
  }
}

/** Replaces the person's e-mail (any case) and name in every string of a JSON value. */
export function scrubJson(value: unknown, person: Person, linked: boolean): unknown {
  if (typeof value === 'string') {
    if (value === person.displayName) return DELETED_ACCOUNT_LABEL;
    let text = value.replace(new RegExp(person.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), DELETED_ACCOUNT_LABEL);
    // Within an entry about the person, their name inside a sentence goes too.
    if (linked && person.displayName.length >= 2) text = text.split(person.displayName).join(DELETED_ACCOUNT_LABEL);
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, person, linked));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubJson(item, person, linked)]));
  return value;
}

/**
 * The audit log keeps what was done, not who did it: the person's entries (done by them, or to
 * their account) are labelled « compte supprimé », and their e-mail and name leave the changed fields.
 */
async function scrubAuditLog(tx: Db, person: Person): Promise<void> {
  const rows = await tx.query(
    `${WHO} SELECT t.id, t.actor_id, t.actor_label, t.target_type, t.target_id, t.before, t.after FROM audit_log t, who WHERE ${PERSONAL_TABLES.find((p) => p.table === 'audit_log')!.mine}`,
    [person.id, person.email],
  );
  for (const row of rows) {
    const byPerson = row.actor_id === person.id || String(row.actor_label).toLowerCase() === person.email;
    const linked = byPerson || (row.target_type === 'users' && row.target_id === person.id);
    const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(scrubJson(value, person, linked)));
    await tx.query('UPDATE audit_log SET actor_label = $2, before = $3::jsonb, after = $4::jsonb WHERE id = $1', [
      row.id,
      byPerson ? DELETED_ACCOUNT_LABEL : row.actor_label,
      json(row.before),
      json(row.after),
    ]);
  }
}

/** A row of the export: a JSON object (`to_jsonb` of the row). */
export const exportedRow = (value: unknown) => recordOf(value);
