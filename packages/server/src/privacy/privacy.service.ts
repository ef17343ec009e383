import { z } from 'zod';
import { AuthError, FRESH_SIGN_IN_MINUTES, ValidationError, type AccountExport } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { verifyPassword } from '../auth/passwords';
import { sessionTokenHash } from '../auth/session-token';
import { guardAccountRemoval } from '../auth/roles';
import { erasing, exportedRow, isSecret, PERSONAL_TABLES, tableColumns, WHO, type Person } from './personal-data';

const personOf = (user: UserJson): Person => ({ id: user._id, email: user.email.toLowerCase(), displayName: user.displayName });

/** How a deletion is confirmed: the account's password, or the session of a sign-in just made. */
export interface DeletionProof {
  password?: string;
  /** The session token of the request (its age stands in for a password). */
  sessionToken: string | null;
}

/** The RGPD rights of a signed-in visitor over what Sortie stores: a copy of it, and its deletion. */
export class PrivacyService {
  constructor(private readonly ctx: AppContext) {}

  /** Every row of PERSONAL_TABLES that is the person's, by section, secrets left out. */
  async export(user: UserJson): Promise<AccountExport> {
    const person = personOf(user);
    return this.ctx.db.transaction(async (tx) => {
      const tables = await tableColumns(tx);
      const records: Record<string, Array<Record<string, unknown>>> = {};
      for (const entry of PERSONAL_TABLES) {
        const columns = tables.get(entry.table);
        if (!entry.section || !columns) continue;
        const omitted = [...columns].filter((column) => isSecret(column) || entry.omit?.includes(column));
        const row = entry.exportRow ?? 'to_jsonb(t) - $3::text[]';
        const rows = await tx.query(`${WHO} SELECT ${row} AS row, $3::text[] AS omitted FROM ${entry.table} t, who WHERE ${entry.mine}`, [person.id, person.email, omitted]);
        records[entry.section] = [...(records[entry.section] ?? []), ...rows.map((row) => exportedRow(row.row))];
      }
      return {
        format: 'sortie-export/1' as const,
        exportedAt: new Date(this.ctx.now()).toISOString(),
        account: { id: person.id, email: person.email, displayName: person.displayName },
        records,
      };
    });
  }

  /**
   * Deletes the account in one transaction: what is only the person's is removed, what others
   * rely on (a drawn raffle's proof, a form's count, the audit log) stays without naming them.
   */
  async deleteAccount(user: UserJson, proof: DeletionProof): Promise<void> {
    await this.confirm(user, proof);
    const person = personOf(user);
    const afterCommit: Array<(ctx: AppContext) => void> = [];
    await this.ctx.db.transaction(async (tx) => {
      // Never the last admin; the deletion is written to the audit log (and then scrubbed of the person, below).
      await guardAccountRemoval(tx, person.id, { id: person.id, label: person.email });
      const tables = await tableColumns(tx);
      for (const entry of PERSONAL_TABLES) {
        if (!tables.has(entry.table)) continue;
        if (entry.erase) {
          await entry.erase(tx, person, { now: this.ctx.now(), afterCommit: (step) => afterCommit.push(step) });
          continue;
        }
        await tx.query(`${WHO} DELETE FROM ${entry.table} t USING who WHERE ${erasing(entry.table)}`, [person.id, person.email]);
      }
    });
    for (const step of afterCommit) step(this.ctx);
    // Its short links may have changed owner: the in-memory copies are dropped (on every node).
    this.ctx.links.invalidate();
    // The person's open sockets (any tab, any node) stop receiving anything.
    this.ctx.io?.in(`user:${person.id}`).disconnectSockets(true);
  }

  /** The password when the account has one; otherwise a sign-in less than FRESH_SIGN_IN_MINUTES old. */
  private async confirm(user: UserJson, proof: DeletionProof): Promise<void> {
    const [row] = await this.ctx.db.query('SELECT password_hash FROM users WHERE id = $1', [user._id]);
    const passwordHash = z.string().nullable().parse(row?.password_hash ?? null);
    if (passwordHash) {
      if (!proof.password) throw new ValidationError('Indiquez votre mot de passe pour confirmer la suppression.', [{ path: 'password', message: 'Mot de passe requis.' }]);
      if (!(await verifyPassword(proof.password, passwordHash))) throw new AuthError('Mot de passe incorrect : votre compte n’a pas été supprimé.', { code: 'WRONG_PASSWORD', statusCode: 403 });
      return;
    }
    const [session] = proof.sessionToken
      ? await this.ctx.db.query(`SELECT created_at > now() - make_interval(mins => $2) AS fresh FROM sessions WHERE token_hash = $1`, [sessionTokenHash(proof.sessionToken), FRESH_SIGN_IN_MINUTES])
      : [];
    if (session?.fresh !== true) {
      throw new AuthError(
        `Pour confirmer la suppression, reconnectez-vous (déconnexion puis connexion avec Google, Apple ou votre fournisseur) puis recommencez dans les ${FRESH_SIGN_IN_MINUTES} minutes.`,
        { code: 'SIGN_IN_AGAIN', statusCode: 403 },
      );
    }
  }
}
