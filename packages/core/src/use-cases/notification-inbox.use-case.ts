import { inject, injectable } from 'inversify';
import { NOTIFICATION_TOAST_CLOSE_DELAY_MS } from '../domain/constants';
import { isObjectId } from '../domain/ids';
import { ClockPort, type TimerHandle } from '../ports/clock.port';
import { ProductApiPort } from '../ports/product-api.port';
import { PushPort, type PushMessage, type Unsubscribe } from '../ports/push.port';
import type { Notification } from '../domain/schemas/people.schema';
import { createNotificationsState, type NotificationsState } from '../state/notifications.store';

/** A push message whose notification could not be fetched: its id as received, and why. */
export interface NotificationFailure {
  kind: 'failed';
  id: unknown;
  cause: unknown;
}
export type NotificationOutcome = { kind: 'shown'; notification: Notification } | NotificationFailure;

/**
 * Push messages to notifications and toast (SPEC.md §3, §4, §8): each message's data.id is
 * fetched, appended to the list and shown in the toast, which closes after 5000 ms; a new
 * message restarts that delay. A failed fetch shows nothing; it goes to the caller's
 * `onFailure`, which logs it (SPEC.md §8 "logged only").
 */
@injectable()
export class NotificationInbox {
  readonly state: NotificationsState = createNotificationsState();
  #closeTimer: TimerHandle | null = null;
  /** Each notification received, by id (its fetch while under way): a second push of it shows nothing new. */
  readonly #received = new Map<string, Promise<Notification>>();

  constructor(
    @inject(PushPort) private readonly push: PushPort,
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(ClockPort) private readonly clock: ClockPort,
  ) {}

  /** Listens to push messages until the returned function is called; failures go to `onFailure`. */
  start(onFailure: (failure: NotificationFailure) => void): Unsubscribe {
    return this.push.onMessage((message) => {
      void this.receive(message).then((outcome) => {
        if (outcome.kind === 'failed') onFailure(outcome);
      });
    });
  }

  async receive(message: PushMessage): Promise<NotificationOutcome> {
    const id = message?.data?.id;
    try {
      if (!isObjectId(id)) throw new Error(`Push message without a notification id: ${String(id)}`);
      // Pushed again (a socket that connects is sent what it may have missed): shown once.
      const known = this.#received.get(id);
      if (known) return { kind: 'shown', notification: await known };
      const fetching = this.api.getNotification(id);
      this.#received.set(id, fetching);
      let notification: Notification;
      try {
        notification = await fetching;
      } catch (error) {
        this.#received.delete(id);
        throw error;
      }
      this.state.notifications.push(notification);
      this.state.toast = { visible: true, notification };
      this.#scheduleClose();
      return { kind: 'shown', notification };
    } catch (error) {
      return { kind: 'failed', id, cause: error };
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
