import { z } from 'zod';
import { drawWinners, ENTRIES_HASH_METHOD, entriesHashOf, isObjectId, RAFFLE_DRAW_ALGORITHM, raffleWindow, RaffleSchema, type RaffleProof } from '@sortie/core';
import type { Db } from '../db/database';
import type { AppContext } from '../http/context';
import { ConflictError, notFound } from '../http/errors';
import { newSeed, nodeDrawCrypto } from './draw';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/*
 * The rules of a verifiable raffle draw, as the server enforces them (core's raffle-draw.ts
 * says what each hash is):
 * - the seed is committed (its hash published) before any entry is taken: by staff, or at the
 *   latest with the first entry; it never changes afterwards;
 * - entries are taken only while core's raffleWindow says 'open';
 * - only entries that count are drawn and listed in the proof: a verified account's, or one whose
 *   e-mail link was followed (confirmed_at), which can happen only while the raffle is open;
 * - once closed, the entry list is frozen and its hash published (the first time anyone asks
 *   after the close: the proof, the draw or the staff panel); the draw is refused before that.
 */

/** The raffle record as stored, checked by core's schema; other keys are kept as they are. */
const RaffleRecord = RaffleSchema.pick({ title: true, status: true, opensAt: true, closesAt: true, prizes: true, draw: true, entryPolicy: true }).loose();
export type RaffleRecord = z.infer<typeof RaffleRecord>;
type Draw = NonNullable<RaffleRecord['draw']>;
const EntryRow = z.object({ id: z.string(), data: z.object({ name: z.string() }).loose() });

const iso = (at: number) => new Date(at).toISOString();
/** The entries that take part in the draw: confirmed (a pending one waits for its e-mail link). */
const COUNTED = 'confirmed_at IS NOT NULL';

/** What an entry's insert gives back: the entry as shown, and whether it counts now (or waits for its link). */
export interface Inserted<T> {
  entry: T;
  counted: boolean;
}

export class RaffleDrawService {
  constructor(private readonly ctx: AppContext) {}

  /** The raffle locked for update in `tx`, through core's schema; 404 in French when unknown. */
  private async lock(tx: Db, id: string, forUpdate = true): Promise<{ record: RaffleRecord; seed: string | null }> {
    const row = isObjectId(id) ? await this.ctx.store.getRow('raffles', id, { db: tx, forUpdate }) : null;
    if (!row) throw notFound('Tombola introuvable.');
    return { record: RaffleRecord.parse(row.data), seed: typeof row.seed === 'string' ? row.seed : null };
  }

  private async save(tx: Db, id: string, record: RaffleRecord) {
    return this.ctx.store.replace('raffles', id, record, tx);
  }

  private async newCommit(tx: Db, id: string, record: RaffleRecord): Promise<RaffleRecord> {
    const { seed, seedHash } = newSeed();
    await tx.query('UPDATE raffles SET seed = $2 WHERE id = $1', [id, seed]);
    const draw: Draw = { seedHash, committedAt: iso(this.ctx.now()), entriesHash: null, seed: null, drawnAt: null, winners: [] };
    return { ...record, draw };
  }

  private async entryIds(tx: Db, id: string): Promise<string[]> {
    const rows = await tx.query(`SELECT id FROM raffle_entries WHERE raffle_id = $1 AND ${COUNTED} ORDER BY id`, [id]);
    return rows.map((row) => z.string().parse(row.id));
  }

  private needsFreeze(record: RaffleRecord): boolean {
    return Boolean(record.draw && !record.draw.entriesHash && raffleWindow(record, this.ctx.now()) === 'closed');
  }

  /** After the close, the entry list's hash, published once and kept: the list cannot change any more. */
  private async freeze(tx: Db, id: string, record: RaffleRecord): Promise<RaffleRecord> {
    if (!record.draw || !this.needsFreeze(record)) return record;
    const frozen = { ...record, draw: { ...record.draw, entriesHash: await entriesHashOf(await this.entryIds(tx, id), nodeDrawCrypto) } };
    await this.save(tx, id, frozen);
    return frozen;
  }

  /** Step 1: the seed's hash is published, the seed stays secret. Once only, and before the close. */
  async commit(id: string, actor?: AuditActor) {
    return this.ctx.db.transaction(async (tx) => {
      const { record } = await this.lock(tx, id);
      if (record.draw) throw new ConflictError('L’empreinte du tirage est déjà publiée : elle ne peut plus changer.', 'ALREADY_COMMITTED');
      if (raffleWindow(record, this.ctx.now()) === 'closed') throw new ConflictError('Les participations sont closes : il est trop tard pour publier l’empreinte du tirage.', 'RAFFLE_CLOSED');
      const committed = await this.newCommit(tx, id, record);
      if (actor) await recordAudit(tx, { actor, action: 'raffles.commit', targetType: 'raffles', targetId: id, before: { draw: null }, after: { seedHash: committed.draw!.seedHash } });
      return this.save(tx, id, committed);
    });
  }

  /**
   * An entry, only while the raffle is open; the seed is committed first if staff have not done it.
   * `insert` sees the raffle (its policy, its close) and answers null when the person has entered
   * already (a unique index said so); the raffle's count grows only by the entries that count.
   */
  async enter<T>(id: string, insert: (tx: Db, raffle: RaffleRecord) => Promise<Inserted<T> | null>): Promise<Inserted<T>> {
    return this.ctx.db.transaction(async (tx) => {
      const { record } = await this.lock(tx, id);
      // A draft is staff's work in progress, unseen by anyone else (404 by its address): entering it answers the same.
      if (record.status === 'draft') throw notFound('Tombola introuvable.');
      const window = raffleWindow(record, this.ctx.now());
      if (window === 'not_open') throw new ConflictError('Les participations à cette tombola ne sont pas encore ouvertes.', 'RAFFLE_NOT_OPEN');
      if (window !== 'open') throw new ConflictError('Les participations à cette tombola sont closes.', 'RAFFLE_CLOSED');
      if (!record.draw) await this.save(tx, id, await this.newCommit(tx, id, record));
      const inserted = await insert(tx, record);
      if (inserted === null) throw new ConflictError('Vous participez déjà à ce tirage.', 'ALREADY_ENTERED');
      if (inserted.counted) await this.ctx.store.bump('raffles', id, 'entryCount', 1, tx);
      return inserted;
    });
  }

  /**
   * The e-mail link of a pending entry followed: the entry counts from now on. Only while the
   * raffle is open (the list is frozen at the close), before the link expires, and once.
   */
  async confirm(id: string, tokenHash: string) {
    return this.ctx.db.transaction(async (tx) => {
      const { record } = await this.lock(tx, id);
      const now = this.ctx.now();
      const [row] = await tx.query('SELECT id, confirmed_at, confirm_expires_at FROM raffle_entries WHERE raffle_id = $1 AND confirm_token_hash = $2', [id, tokenHash]);
      if (!row) throw notFound('Ce lien de confirmation est inconnu : ouvrez le dernier lien reçu par e-mail.');
      if (row.confirmed_at) throw new ConflictError('Cette participation est déjà confirmée. Bonne chance !', 'ALREADY_CONFIRMED');
      if (raffleWindow(record, now) !== 'open') throw new ConflictError('Les participations à cette tombola sont closes : la participation n’a pas été confirmée à temps.', 'RAFFLE_CLOSED');
      if (new Date(z.union([z.string(), z.date()]).parse(row.confirm_expires_at)).getTime() <= now) throw new ConflictError('Ce lien de confirmation a expiré : participez à nouveau pour en recevoir un autre.', 'CONFIRMATION_EXPIRED');
      const [confirmed] = await tx.query('UPDATE raffle_entries SET confirmed_at = $2, updated_at = $2 WHERE id = $1 RETURNING *', [row.id, iso(now)]);
      await this.ctx.store.bump('raffles', id, 'entryCount', 1, tx);
      return confirmed!;
    });
  }

  /** Step 2, only after the close and when staff ask: winners drawn with the committed seed, which is revealed. */
  async draw(id: string, actor?: AuditActor) {
    return this.ctx.db.transaction(async (tx) => {
      const locked = await this.lock(tx, id);
      if (!locked.record.draw || !locked.seed) throw new ConflictError('Publiez d’abord l’empreinte du tirage (commit).', 'NOT_COMMITTED');
      if (locked.record.draw.seed) throw new ConflictError('Le tirage a déjà eu lieu.', 'ALREADY_DRAWN');
      if (raffleWindow(locked.record, this.ctx.now()) !== 'closed') throw new ConflictError('Le tirage n’est possible qu’après la clôture des participations.', 'RAFFLE_NOT_CLOSED');
      const record = await this.freeze(tx, id, locked.record);
      const rows = await tx.query(`SELECT id, data FROM raffle_entries WHERE raffle_id = $1 AND ${COUNTED} ORDER BY id`, [id]);
      const entries = rows.map((row) => EntryRow.parse(row));
      const ids = entries.map((e) => e.id);
      if ((await entriesHashOf(ids, nodeDrawCrypto)) !== record.draw!.entriesHash) throw new ConflictError('La liste des participations a changé depuis sa clôture : tirage refusé.', 'ENTRIES_CHANGED');
      const names = new Map(entries.map((e) => [e.id, e.data.name]));
      const winners = (await drawWinners(locked.seed, ids, record.prizes, nodeDrawCrypto)).map((w) => ({ ...w, name: names.get(w.entryId) ?? '' }));
      if (actor) await recordAudit(tx, { actor, action: 'raffles.draw', targetType: 'raffles', targetId: id, before: { status: record.status }, after: { status: 'drawn', winners: winners.map((w) => w.entryId) } });
      return this.save(tx, id, { ...record, status: 'drawn', draw: { ...record.draw!, seed: locked.seed, drawnAt: iso(this.ctx.now()), winners } });
    });
  }

  /** What anyone needs to check the draw: hashes as soon as published, entry ids once frozen, the seed once drawn. */
  async proof(id: string): Promise<RaffleProof> {
    return this.ctx.db.transaction(async (tx) => {
      // A public read: the row is locked only the one time the entry list has to be frozen.
      let { record } = await this.lock(tx, id, false);
      if (this.needsFreeze(record)) record = await this.freeze(tx, id, (await this.lock(tx, id)).record);
      const draw = record.draw;
      const frozen = Boolean(draw?.entriesHash);
      return {
        algorithm: RAFFLE_DRAW_ALGORITHM,
        seedHash: draw?.seedHash ?? null,
        committedAt: draw?.committedAt ?? null,
        closesAt: record.closesAt,
        entriesHash: draw?.entriesHash ?? null,
        entriesHashMethod: ENTRIES_HASH_METHOD,
        seed: draw?.seed ?? null,
        drawnAt: draw?.drawnAt ?? null,
        prizes: record.prizes,
        entryIds: frozen ? await this.entryIds(tx, id) : [],
        winners: draw?.seed ? draw.winners : [],
      };
    });
  }
}
