import type { z } from 'zod';
import { emailIdentity, ENTRY_CONFIRMATION_TTL_MS, isObjectId, raffleEntryPolicyOf, raffleEntryStep, ValidationError, type MyRaffleEntry, type RaffleEntryInputSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { ConflictError, notFound } from '../http/errors';
import { newId } from '../db/store';
import { awardEarnedBadgesQuietly } from '../badges/badge-awards';
import { confirmationHash, entrantOf, mailRaffleConfirmation, newConfirmationToken, refusalOf } from './fair-entries';
import { entryJson, iso, RaffleEntryRow, type EntryJson } from './entry-rows';
import type { RaffleDrawService } from './raffle-draw.service';

type RaffleEntryInput = z.output<typeof RaffleEntryInputSchema>;

/** A raffle entry as the API shows it: never its e-mail, and whether it counts yet (a pending one waits for its link). */
export type RaffleEntryJson = EntryJson & { confirmed: boolean };
function raffleEntryJson(row: RaffleEntryRow): RaffleEntryJson {
  const { email: _email, ...shown } = entryJson(row);
  return { ...shown, confirmed: row.confirmed_at !== null };
}

/** An entry just stored, and the link to mail when it waits for one (sent after the commit). */
interface Stored {
  shown: RaffleEntryJson;
  link: { token: string; expiresAt: number; title: string } | null;
}

/**
 * The entries of a raffle (SPEC.md's raffles, fair-entries.ts's rules): taken while it is open,
 * counted at once for a verified account or once the e-mail link is followed, read back by their
 * author, listed for staff. The raffle's lock, window and count are RaffleDrawService's: an entry
 * is inserted inside its transaction.
 */
export class RaffleEntryService {
  constructor(
    private readonly ctx: AppContext,
    private readonly draws: RaffleDrawService,
  ) {}

  /**
   * Enters `user` (or a visitor, by the address they give) in the raffle `id`. `counted` says
   * whether it counts now; otherwise a link is mailed, once the entry is stored (a link never
   * names an entry that a rollback undid), and the entry counts when it is followed.
   */
  async enter(id: string, input: RaffleEntryInput, user: UserJson | null): Promise<{ entry: RaffleEntryJson; counted: boolean }> {
    const entrant = await entrantOf(this.ctx, user);
    // A signed-in entrant is their account, and its address; a visitor is the address they give.
    const email = user?.email ?? input.email;
    if (!email) throw new ValidationError('Indiquez votre e-mail pour participer.', [{ path: 'email', message: 'Adresse e-mail requise sans connexion.' }]);
    const emailKey = emailIdentity(email);
    const { entry, counted } = await this.draws.enter<Stored>(id, async (tx, raffle) => {
      const step = raffleEntryStep(raffleEntryPolicyOf(raffle), entrant);
      const refusal = refusalOf(step, 'raffle');
      if (refusal) throw refusal;
      const now = this.ctx.now();
      const counted = step === 'counted';
      // A link never outlives the close: the entry list is frozen then.
      const expiresAt = Math.min(now + ENTRY_CONFIRMATION_TTL_MS, Date.parse(raffle.closesAt));
      const link = counted ? null : newConfirmationToken();
      // A pending entry whose link expired frees its address for a new try.
      await tx.query('DELETE FROM raffle_entries WHERE raffle_id = $1 AND email_key = $2 AND confirmed_at IS NULL AND confirm_expires_at <= $3', [id, emailKey, new Date(now).toISOString()]);
      const record = { raffleId: id, name: input.name, ...(!user && input.email ? { email: input.email } : {}), ...(user ? { userId: user._id } : {}) };
      const [row] = await tx.query(
        `INSERT INTO raffle_entries (id, raffle_id, entrant, data, email_key, user_key, confirmed_at, confirm_token_hash, confirm_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`,
        [newId(), id, user?._id ?? emailKey, JSON.stringify(record), emailKey, user?._id ?? null, counted ? new Date(now).toISOString() : null, link?.hash ?? null, link ? new Date(expiresAt).toISOString() : null],
      );
      if (!row) {
        const [pending] = await tx.query('SELECT 1 FROM raffle_entries WHERE raffle_id = $1 AND confirmed_at IS NULL AND (email_key = $2 OR user_key = $3)', [id, emailKey, user?._id ?? null]);
        if (pending) throw new ConflictError('Vous participez déjà à ce tirage : ouvrez le lien de confirmation reçu par e-mail pour que votre participation compte.', 'ENTRY_PENDING');
        return null;
      }
      return { entry: { shown: raffleEntryJson(RaffleEntryRow.parse(row)), link: link ? { token: link.token, expiresAt, title: raffle.title } : null }, counted };
    });
    const { link } = entry;
    if (link) await mailRaffleConfirmation(this.ctx, { to: email, userId: user?._id ?? null, name: input.name, raffleId: id, title: link.title, token: link.token, expiresAt: link.expiresAt });
    if (counted && user) await awardEarnedBadgesQuietly(this.ctx, [user._id]);
    return { entry: entry.shown, counted };
  }

  /** The e-mail link followed (RaffleDrawService.confirm's rules): the entry counts, and a signed-in entrant's badges may follow. */
  async confirm(id: string, token: string): Promise<RaffleEntryJson> {
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const confirmed = RaffleEntryRow.parse(await this.draws.confirm(id, confirmationHash(token)));
    if (confirmed.user_key !== null) await awardEarnedBadgesQuietly(this.ctx, [confirmed.user_key]);
    return raffleEntryJson(confirmed);
  }

  /** The visitor's own entry: by their account, or by their address once it is proven (an entry made before signing in). */
  async mine(id: string, user: UserJson): Promise<MyRaffleEntry> {
    if (!isObjectId(id) || !(await this.ctx.store.getRow('raffles', id))) throw notFound('Tombola introuvable.');
    const emailKey = user.emailVerified ? emailIdentity(user.email) : null;
    const [found] = await this.ctx.db.query('SELECT * FROM raffle_entries WHERE raffle_id = $1 AND (user_key = $2 OR email_key = $3) ORDER BY confirmed_at NULLS LAST, id LIMIT 1', [id, user._id, emailKey]);
    if (!found) return { entry: null };
    const row = RaffleEntryRow.parse(found);
    return { entry: { _id: row.id, name: String(row.data['name'] ?? ''), confirmed: row.confirmed_at !== null, createdAt: iso(row.created_at) } };
  }

  /** Every entry of the raffle, with its e-mail and whether it counts (staff). */
  async list(id: string): Promise<{ meta: { total: number; limit: number; offset: number }; items: RaffleEntryJson[] }> {
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const rows = (await this.ctx.db.query('SELECT * FROM raffle_entries WHERE raffle_id = $1 ORDER BY id', [id])).map((row) => RaffleEntryRow.parse(row));
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map((row) => ({ ...entryJson(row), confirmed: row.confirmed_at !== null })) };
  }
}
