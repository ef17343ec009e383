import { NotificationPreferencesSchema, type NotificationKind, type NotificationPreferences } from '@sortie/core';
import type { AppContext } from '../http/context';
import { forbidden } from '../http/errors';
import { readUnsubscribeToken } from '../jobs/mail';

/**
 * What a visitor receives, per kind, in the app and by e-mail (kept in the account's data; the
 * defaults of NotificationPreferencesSchema until they choose), and the one-click unsubscribe
 * of the mails, whose signed token names the user and the kind.
 */
export class NotificationPreferenceService {
  constructor(private readonly ctx: AppContext) {}

  /** The user's choices, the defaults filled in. */
  async of(userId: string): Promise<NotificationPreferences> {
    const [row] = await this.ctx.db.query<{ preferences: unknown }>(`SELECT data->'notificationPreferences' AS preferences FROM users WHERE id = $1`, [userId]);
    return NotificationPreferencesSchema.parse(row?.preferences ?? {});
  }

  /** Replaces the user's choices; answers them as they read now. */
  async replace(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    await this.write(userId, preferences);
    return this.of(userId);
  }

  /** A mail's unsubscribe link: no more e-mails of its kind (a token that does not check out: 403). Answers the kind. */
  async unsubscribe(token: string): Promise<NotificationKind> {
    const target = await readUnsubscribeToken(this.ctx, token);
    if (!target) throw forbidden('Ce lien de désabonnement n’est pas valable.');
    const preferences = await this.of(target.userId);
    preferences[target.kind] = { ...preferences[target.kind], email: false };
    await this.write(target.userId, preferences);
    return target.kind;
  }

  private async write(userId: string, preferences: NotificationPreferences): Promise<void> {
    await this.ctx.db.query(`UPDATE users SET data = jsonb_set(data, '{notificationPreferences}', $2::jsonb), updated_at = now() WHERE id = $1`, [userId, JSON.stringify(preferences)]);
  }
}
