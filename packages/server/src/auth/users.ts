import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { Store, toJson, type Json } from '../db/store';
import { ENTITIES } from '../db/entities';
import { hashPassword, verifyPassword } from './passwords';
import type { Identity } from './tokens';
import { AuthError } from '@sortie/core';
import { ConflictError } from '../http/errors';

export const SESSION_TTL_DAYS = 30;
export type UserJson = Json & { email: string; displayName: string; roles: string[] };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const userKind = ENTITIES.users;

/** Accounts, their passwords and their sessions. */
export class Users {
  private readonly store: Store;
  constructor(private readonly db: Db) {
    this.store = new Store(db);
  }

  async byId(id: string): Promise<UserJson | null> {
    return (await this.store.get('users', id)) as UserJson | null;
  }

  async byEmail(email: string): Promise<{ user: UserJson; passwordHash: string | null } | null> {
    const [row] = await this.db.query('SELECT * FROM users WHERE email = $1', [email.toLowerCase()]);
    return row ? { user: toJson(userKind, row) as UserJson, passwordHash: (row.password_hash as string | null) ?? null } : null;
  }

  async create(input: { email: string; displayName: string; password?: string; roles?: string[]; city?: string; firebaseUid?: string; id?: string }, db: Db = this.db): Promise<UserJson> {
    const email = input.email.toLowerCase();
    const data = { displayName: input.displayName, email, roles: input.roles ?? [], ...(input.city ? { city: input.city } : {}), messagingTokens: [] };
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    try {
      return (await this.store.insert('users', data, { id: input.id, db, extra: { password_hash: passwordHash, firebase_uid: input.firebaseUid ?? null } })) as UserJson;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ConflictError('Un compte existe déjà avec cette adresse e-mail.', 'EMAIL_TAKEN');
      throw error;
    }
  }

  async signIn(email: string, password: string): Promise<UserJson> {
    const found = await this.byEmail(email);
    // Always run scrypt, so a missing account answers as slowly as a wrong password.
    const ok = await verifyPassword(password, found?.passwordHash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    if (!found || !ok) throw new AuthError('Adresse e-mail ou mot de passe incorrect.', { code: 'INVALID_CREDENTIALS' });
    return found.user;
  }

  /** The account behind a verified idToken, created on first sign-in with a Firebase token. */
  async fromIdentity(identity: Identity): Promise<UserJson> {
    if (identity.provider === 'local') {
      const user = await this.byId(identity.subject);
      if (!user) throw new AuthError('Compte introuvable.', { code: 'UNKNOWN_ACCOUNT' });
      return user;
    }
    const [row] = await this.db.query('SELECT * FROM users WHERE firebase_uid = $1', [identity.subject]);
    if (row) return toJson(userKind, row) as UserJson;
    if (identity.email) {
      const existing = await this.byEmail(identity.email);
      if (existing) {
        await this.db.query('UPDATE users SET firebase_uid = $2 WHERE id = $1', [existing.user._id, identity.subject]);
        return existing.user;
      }
    }
    return this.create({
      email: identity.email ?? `${identity.subject.toLowerCase().replace(/[^a-z0-9]/g, '')}@firebase.invalid`,
      displayName: identity.name ?? identity.email?.split('@')[0] ?? 'Utilisateur',
      firebaseUid: identity.subject,
    });
  }

  async addMessagingToken(userId: string, token: string): Promise<void> {
    await this.db.query(
      `UPDATE users SET data = jsonb_set(data, '{messagingTokens}', (SELECT COALESCE(jsonb_agg(DISTINCT t), '[]'::jsonb) FROM jsonb_array_elements_text(COALESCE(data->'messagingTokens', '[]'::jsonb) || to_jsonb($2::text)) AS t)) WHERE id = $1`,
      [userId, token],
    );
  }

  async createSession(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '${SESSION_TTL_DAYS} days')`, [sha256(token), userId]);
    return token;
  }

  async fromSession(token: string): Promise<UserJson | null> {
    const [row] = await this.db.query(
      'SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()',
      [sha256(token)],
    );
    return row ? (toJson(userKind, row) as UserJson) : null;
  }

  async endSession(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [sha256(token)]);
  }
}
