import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';

/** The settings row of the key that signs players' tokens (one per database: every node and every restart agree). */
export const PLAYER_TOKEN_SETTING = 'blind_test_player_secret';

/**
 * A player's secret token, given once to their phone when they join: their id and a signature
 * of (blind test, game code, player id) by the server's key. Nothing is stored per player, so
 * nothing can leak from the row; a token stops working when the game is opened again (new code).
 */
export class PlayerTokens {
  private key: Buffer | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Db) {
    void this.ready.catch(() => undefined);
  }

  /** Resolves once the key is read (created by the first server on this database); a failure is tried again next time. */
  get ready(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    await this.db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [PLAYER_TOKEN_SETTING, randomBytes(32).toString('base64url')]);
    const [row] = await this.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = $1`, [PLAYER_TOKEN_SETTING]);
    this.key = Buffer.from(row!.value, 'base64url');
  }

  private signature(blindTestId: string, code: string, playerId: string): Buffer {
    if (!this.key) throw new Error('Clé des jetons de joueur non chargée.');
    return createHmac('sha256', this.key).update(`${blindTestId}:${code}:${playerId}`).digest();
  }

  /** The token of a player (after `ready`). */
  issue(blindTestId: string, code: string, playerId: string): string {
    return `${playerId}.${this.signature(blindTestId, code, playerId).toString('base64url')}`;
  }

  /** The player a token names, if its signature is this game's; null otherwise. */
  playerOf(blindTestId: string, code: string, token: string): string | null {
    const dot = token.indexOf('.');
    if (dot < 1 || token.length > 200) return null;
    const playerId = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.signature(blindTestId, code, playerId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? playerId : null;
  }
}
