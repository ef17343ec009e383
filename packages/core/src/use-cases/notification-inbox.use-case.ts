import { inject, injectable } from 'inversify';
import { NOTIFICATION_TOAST_CLOSE_DELAY_MS } from '../domain/constants';
import { isObjectId } from '../domain/ids';
import { ClockPort, type TimerHandle } from '../ports/clock.port';
import { LoggerPort } from '../ports/logger.port';
import { ProductApiPort } from '../ports/product-api.port';
import { PushPort, type PushMessage, type Unsubscribe } from '../ports/push.port';
import { createNotificationsState, type NotificationsState } from '../state/notifications.store';

/**
 * Push messages to notifications and toast (SPEC.md §3, §4, §8): each message's data.id is
 * fetched, appended to the list and shown in the toast, which closes after 5000 ms; a new
 * message restarts that delay. A failed fetch is logged only and shows nothing.
 */
@injectable()
export class NotificationInbox {
  readonly state: NotificationsState = createNotificationsState();
  #closeTimer: TimerHandle | null = null;

  constructor(
    @inject(PushPort) private readonly push: PushPort,
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(ClockPort) private readonly clock: ClockPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  /** Listens to push messages until the returned function is called. */
  start(): Unsubscribe {
    return this.push.onMessage((message) => void this.receive(message));
  }

  async receive(message: PushMessage): Promise<void> {
    const id = message?.data?.id;
    try {
      if (!isObjectId(id)) throw new Error(`Push message without a notification id: ${String(id)}`);
      const notification = await this.api.getNotification(id);
      this.state.notifications.push(notification);
      this.state.toast = { visible: true, notification };
      this.#scheduleClose();
    } catch (error) {
      this.logger.error('Notification could not be fetched', { id, error });
    }
  }

  closeToast(): void {
    this.#cancelClose();
    this.state.toast.visible = false;
  }

  #scheduleClose(): void {
    this.#cancelClose();
    this.#closeTimer = this.clock.setTimeout(() => {
      this.#closeTimer = null;
      this.closeToast();
    }, NOTIFICATION_TOAST_CLOSE_DELAY_MS);
  }

  #cancelClose(): void {
    if (this.#closeTimer !== null) this.clock.clearTimeout(this.#closeTimer);
    this.#closeTimer = null;
  }
}
