import { createHash, randomBytes } from 'node:crypto';
import type { Db, Row } from '../db/database';
import { Store, toJson, type Json } from '../db/store';
import { ENTITIES } from '../db/entities';
import { NO_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { sessionRoomOfHash, sessionTokenHash } from './session-token';
import { identityEmailProven, type Identity } from './tokens';
import { SessionCache, type CachedSession } from './session-cache';
import { AuthError } from '@sortie/core';
import { z } from 'zod';
import { ConflictError } from '../http/errors';

export const SESSION_TTL_DAYS = 30;
/** An account as the server hands it around; `emailVerified` when it was read with its row (the session's user always). */
export type UserJson = Json & { email: string; displayName: string; roles: string[]; emailVerified?: boolean };

/** What the server relies on in an account's data (a field missing or of another type reads as empty); the rest kept as stored. */
const AccountFields = z.object({ email: z.string().catch(''), displayName: z.string().catch(''), roles: z.array(z.string()).catch([]) });

/** An account's JSON (as the store reads it) with its e-mail, name and roles checked. */
export const userJsonOf = (json: Json): UserJson => ({ ...json, ...AccountFields.parse(json) });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const userKind = ENTITIES.users;
/** A users row as JSON, with whether its address is proven (issue 22). */
const userOf = (row: Row): UserJson => ({ ...userJsonOf(toJson(userKind, row)), emailVerified: row.email_verified_at != null });

/** Refused rather than linked: a provider that does not vouch for an address cannot claim the account that holds it. */
export const UNPROVEN_EMAIL_MESSAGE =
  'Un compte existe déjà avec cette adresse. Connectez-vous avec votre méthode habituelle, ou vérifiez votre adresse e-mail auprès de votre fournisseur.';

/** One session as its owner sees it; the token's hash never leaves this class. */
export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}
/** A session's last use is written at most this often (a write per request would cost every page). */
const TOUCH_INTERVAL = `interval '5 minutes'`;

/** Accounts, their passwords and their sessions. */
export class Users {
  private readonly store: Store;
  constructor(
    private readonly db: Db,
    /** The sessions read in the last seconds (app.ts shares one per process); none: every request reads its session. */
    private readonly sessions: SessionCache<UserJson> = new SessionCache(Date.now, 0),
  ) {
    this.store = new Store(db);
  }

  async byId(id: string): Promise<UserJson | null> {
    const [row] = await this.db.query('SELECT * FROM users WHERE id = $1', [id]);
    return row ? userOf(row) : null;
  }

  async byEmail(email: string): Promise<{ user: UserJson; passwordHash: string | null } | null> {
    const [row] = await this.db.query('SELECT * FROM users WHERE email = $1', [email.toLowerCase()]);
    return row ? { user: userOf(row), passwordHash: typeof row.password_hash === 'string' ? row.password_hash : null } : null;
  }

  /**
   * A new account. Its address counts as proven unless `emailVerified: false` (a sign-up with the
   * embedded provider, a provider that does not vouch for it): the demo's, the CLI's and staff's accounts are.
   */
  async create(
    input: { email: string; displayName: string; password?: string; roles?: string[]; city?: string; firebaseUid?: string; id?: string; emailVerified?: boolean },
    db: Db = this.db,
  ): Promise<UserJson> {
    const email = input.email.toLowerCase();
    const data = { displayName: input.displayName, email, roles: input.roles ?? [], ...(input.city ? { city: input.city } : {}), messagingTokens: [] };
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    try {
      const unproven = input.emailVerified === false ? { email_verified_at: null } : {};
      const user = await this.store.insert('users', data, { id: input.id, db, extra: { password_hash: passwordHash, firebase_uid: input.firebaseUid ?? null, ...unproven } });
      return { ...userJsonOf(user), emailVerified: input.emailVerified !== false };
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23505') throw new ConflictError('Un compte existe déjà avec cette adresse e-mail.', 'EMAIL_TAKEN');
      throw error;
    }
  }

  async signIn(email: string, password: string): Promise<UserJson> {
    const found = await this.byEmail(email);
    // Always run scrypt, so a missing account answers as slowly as a wrong password.
    const ok = await verifyPassword(password, found?.passwordHash ?? NO_PASSWORD_HASH);
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
    const proven = identityEmailProven(identity);
    const [row] = await this.db.query('SELECT * FROM users WHERE firebase_uid = $1', [identity.subject]);
    if (row) {
      // The provider proves the address now (verified since the last sign-in): so does the account, if the address is still its.
      if (proven && row.email_verified_at == null && row.email === identity.email) {
        const [updated] = await this.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL RETURNING *', [row.id]);
        return userOf(updated ?? row);
      }
      return userOf(row);
    }
    if (identity.email) {
      const existing = await this.byEmail(identity.email);
      if (existing) {
        // Linking on an address the provider does not vouch for would hand the account to whoever typed it.
        if (!proven) throw new AuthError(UNPROVEN_EMAIL_MESSAGE, { code: 'EMAIL_NOT_VERIFIED', statusCode: 403 });
        const [linked] = await this.db.query('UPDATE users SET firebase_uid = $2, email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1 RETURNING *', [
          existing.user._id,
          identity.subject,
        ]);
        return linked ? userOf(linked) : existing.user;
      }
    }
    return this.create({
      email: identity.email ?? `${identity.subject.toLowerCase().replace(/[^a-z0-9]/g, '')}@firebase.invalid`,
      displayName: identity.name ?? identity.email?.split('@')[0] ?? 'Utilisateur',
      firebaseUid: identity.subject,
      emailVerified: proven,
    });
  }

  /** Sets an account's password (a reset by link, a change while signed in). */
  async setPassword(userId: string, password: string, db: Db = this.db): Promise<void> {
    await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, await hashPassword(password)]);
  }

  /** Whether `password` is the account's; false for an account without one (signed in through a provider). Always runs scrypt. */
  async checkPassword(userId: string, password: string): Promise<{ ok: boolean; hasPassword: boolean }> {
    const [row] = await this.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
    const ok = await verifyPassword(password, row?.password_hash ?? NO_PASSWORD_HASH);
    return { ok: ok && !!row?.password_hash, hasPassword: !!row?.password_hash };
  }

  async addMessagingToken(userId: string, token: string): Promise<void> {
    await this.db.query(
      `UPDATE users SET data = jsonb_set(data, '{messagingTokens}', (SELECT COALESCE(jsonb_agg(DISTINCT t), '[]'::jsonb) FROM jsonb_array_elements_text(COALESCE(data->'messagingTokens', '[]'::jsonb) || to_jsonb($2::text)) AS t)) WHERE id = $1`,
      [userId, token],
    );
  }

  /**
   * Opens a session; the browser that asked (its User-Agent, cut to 400 characters) names it on /account.
   * A sign-in from a device that already holds a live session of the account (the same device id,
   * see DEVICE_COOKIE, or the session token it still sends) takes over that row: a new token, a new
   * lifetime, the same id and first use. `replaced` is then the room of the old token's sockets, for
   * the caller to close (that token no longer opens anything).
   */
  async openSession(userId: string, meta: { userAgent?: string | null; device?: string | null; token?: string | null } = {}): Promise<{ token: string; replaced: string | null }> {
    const token = randomBytes(32).toString('base64url');
    const userAgent = meta.userAgent?.slice(0, 400) || null;
    const deviceHash = meta.device ? sha256(`device:${meta.device}`) : null;
    const [reused] = await this.db.query<{ previous: string }>(
      `WITH mine AS (
         SELECT token_hash FROM sessions
          WHERE user_id = $2 AND expires_at > now() AND ((device_hash IS NOT NULL AND device_hash = $4) OR token_hash = $5)
          ORDER BY last_used_at DESC LIMIT 1 FOR UPDATE)
       UPDATE sessions s SET token_hash = $1, expires_at = now() + interval '${SESSION_TTL_DAYS} days', last_used_at = now(), user_agent = COALESCE($3, s.user_agent), device_hash = COALESCE($4, s.device_hash)
         FROM mine WHERE s.token_hash = mine.token_hash RETURNING mine.token_hash AS previous`,
      [sessionTokenHash(token), userId, userAgent, deviceHash, meta.token ? sessionTokenHash(meta.token) : null],
    );
    if (reused) return { token, replaced: sessionRoomOfHash(reused.previous) };
    await this.db.query(`INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, device_hash) VALUES ($1, $2, now() + interval '${SESSION_TTL_DAYS} days', $3, $4)`, [
      sessionTokenHash(token),
      userId,
      userAgent,
      deviceHash,
    ]);
    return { token, replaced: null };
  }

  /** A new session's token (openSession without a device). */
  async createSession(userId: string, meta: { userAgent?: string | null } = {}): Promise<string> {
    return (await this.openSession(userId, meta)).token;
  }

  /** The account of a live session, read at most once in a few seconds (SessionCache); its last use is noted on the way (at most every five minutes). */
  fromSession(token: string): Promise<UserJson | null> {
    const hash = sessionTokenHash(token);
    return this.sessions.read(hash, () => this.readSession(hash));
  }

  /** Forgets the sessions read lately: a session ended, an account changed (on this node, or on another through the change bus). */
  forgetSessions(): void {
    this.sessions.clear();
  }

  private async readSession(hash: string): Promise<CachedSession<UserJson>> {
    const [row] = await this.db.query(
      `WITH touched AS (UPDATE sessions SET last_used_at = now() WHERE token_hash = $1 AND expires_at > now() AND last_used_at < now() - ${TOUCH_INTERVAL} RETURNING 1)
       SELECT u.*, extract(epoch FROM s.expires_at - now()) * 1000 AS session_ms_left FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hash],
      // Every signed-in request reads its session (when not read in the last seconds): parsed and planned once a connection (issue 34).
      'sortie_session_user',
    );
    if (!row) return { user: null, expiresAt: null };
    // What is left of the session by the database's clock, counted on the server's from now (the two may differ).
    const { session_ms_left: left, ...account } = row;
    return { user: userOf(account), expiresAt: this.sessions.now() + Number(left) };
  }

  /** The live sessions of an account, the most recently used first; `current` marks the one of `token`. */
  async sessionsOf(userId: string, token: string | null): Promise<SessionRow[]> {
    const rows = await this.db.query<{ id: string; user_agent: string | null; created_at: Date | string; last_used_at: Date | string; current: boolean }>(
      `SELECT id, user_agent, created_at, last_used_at, token_hash = $2 AS current FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY last_used_at DESC, created_at DESC, id`,
      [userId, token ? sessionTokenHash(token) : null],
    );
    const iso = (value: Date | string) => new Date(value).toISOString();
    return rows.map((row) => ({ id: row.id, userAgent: row.user_agent, createdAt: iso(row.created_at), lastUsedAt: iso(row.last_used_at), current: row.current === true }));
  }

  /**
   * Ends sessions of an account: all of them, all but the one of `except`, or only the one named `id`.
   * Answers the rooms of their sockets (see sessionRoom), so that the caller closes them too.
   */
  async endSessions(userId: string, options: { except?: string | null; id?: string } = {}, db: Db = this.db): Promise<string[]> {
    const rows = await db.query<{ token_hash: string }>(
      `DELETE FROM sessions WHERE user_id = $1 AND ($2::text IS NULL OR token_hash <> $2) AND ($3::text IS NULL OR id = $3) RETURNING token_hash`,
      [userId, options.except ? sessionTokenHash(options.except) : null, options.id ?? null],
    );
    this.forgetSessions();
    return rows.map((row) => sessionRoomOfHash(row.token_hash));
  }

  async endSession(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [sessionTokenHash(token)]);
    this.forgetSessions();
  }
}
