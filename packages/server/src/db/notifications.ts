import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from './database';

/** The PostgreSQL channel on which a server process says "{topic} {id} changed". */
export const CHANGES_CHANNEL = 'sortie_changes';
/** Wait before listening again after the connection dropped. */
export const RELISTEN_DELAY_MS = 1000;
/** A topic published with `publishSoon` is sent at most once per this many ms (the first at once). */
export const COALESCE_MS = 50;

/**
 * What the processes tell each other: a tournament's id, that links or public reads changed, or
 * any other kept copy (a blind test's id under 'blindTest'…). No ':' in a topic.
 */
export type ChangeTopic = 'tournament' | 'links' | 'cache' | 'blindTest' | (string & {});

export interface ChangeBusHandlers {
  log(message: string): void;
}

/*
 * How the server processes sharing one PostgreSQL tell each other that something they keep in
 * memory changed: NOTIFY (in the writer's transaction when there is one: delivered at its
 * commit), LISTEN on one connection of its own per process, for every topic. The embedded
 * PGlite serves one process through one connection: nothing to tell, and no connection to
 * spare (no bus then).
 *
 * A process trusts its memory copies only while it listens: `reset` handlers run when listening
 * stops or starts again (changes may have been missed meanwhile).
 */
export class ChangeBus {
  /** Names this process in its notifications: its own are not delivered back to it. */
  readonly node = randomBytes(6).toString('hex');
  readonly channel = CHANGES_CHANNEL;
  private readonly handlers = new Map<string, Array<(id: string) => void>>();
  private readonly resets: Array<() => void> = [];
  private readonly soon = new Map<ChangeTopic, { timer: NodeJS.Timeout; again: boolean }>();
  private client: pg.Client | null = null;
  private isListening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly connection: pg.ClientConfig,
    private readonly options: ChangeBusHandlers,
  ) {
    this.attempt();
  }

  /** False while a change made elsewhere might go unheard (connecting, reconnecting, closed). */
  get listening(): boolean {
    return this.isListening;
  }

  /** Runs `handler` when another process published on `topic`. */
  on(topic: ChangeTopic, handler: (id: string) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /** Runs `handler` when listening stopped or started again. */
  onReset(handler: () => void): void {
    this.resets.push(handler);
  }

  /** The NOTIFY payload of a change (for a statement that notifies by itself). */
  payload(topic: ChangeTopic, id = ''): string {
    return `${this.node}:${topic}:${id}`;
  }

  /** Tells the other processes, on `db` (inside a transaction: delivered at its commit). */
  async publish(topic: ChangeTopic, id = '', db: Db = this.db): Promise<void> {
    await db.query('SELECT pg_notify($1, $2)', [this.channel, this.payload(topic, id)]);
  }

  /** Publishes now, then at most once per COALESCE_MS while writes keep coming (a burst makes two NOTIFYs, not one per write). */
  publishSoon(topic: ChangeTopic): void {
    const pending = this.soon.get(topic);
    if (pending) {
      pending.again = true;
      return;
    }
    this.send(topic);
    const entry = {
      again: false,
      timer: setTimeout(() => {
        this.soon.delete(topic);
        if (entry.again) this.publishSoon(topic);
      }, COALESCE_MS),
    };
    entry.timer.unref();
    this.soon.set(topic, entry);
  }

  private send(topic: ChangeTopic): void {
    this.publish(topic).catch((error: Error) => this.options.log(`Changements : « ${topic} » non signalé (${error.message}).`));
  }

  private deliver(payload: string): void {
    const [from, topic, ...rest] = payload.split(':');
    if (from === this.node || !topic) return;
    for (const handler of this.handlers.get(topic) ?? []) handler(rest.join(':'));
  }

  private reset(): void {
    for (const handler of this.resets) handler();
  }

  private async connect(): Promise<void> {
    const next = new pg.Client(this.connection);
    next.on('notification', (message) => this.deliver(message.payload ?? ''));
    next.on('error', (error) => {
      this.options.log(`Changements : écoute interrompue (${error.message}).`);
      this.drop(next);
    });
    next.on('end', () => this.drop(next));
    this.client = next;
    await next.connect();
    await next.query(`LISTEN ${this.channel}`);
    if (this.closed || this.client !== next) return;
    this.isListening = true;
    this.reset();
  }

  private drop(which: pg.Client): void {
    if (this.client !== which) return;
    this.client = null;
    if (this.isListening) this.reset();
    this.isListening = false;
    which.end().catch(() => undefined);
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.attempt();
    }, RELISTEN_DELAY_MS);
    this.retry.unref();
  }

  private attempt(): void {
    const which = this.client;
    this.connect().catch((error: Error) => {
      this.options.log(`Changements : écoute impossible (${error.message}), nouvelle tentative.`);
      if (this.client && this.client !== which) this.drop(this.client);
      else this.schedule();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    for (const { timer } of this.soon.values()) clearTimeout(timer);
    this.soon.clear();
    this.isListening = false;
    const current = this.client;
    this.client = null;
    await current?.end().catch(() => undefined);
  }
}
