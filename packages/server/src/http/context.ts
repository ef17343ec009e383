import type { JWTVerifyGetKey } from 'jose';
import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { Store } from '../db/store';
import type { ShortLinks } from '../links/short-links';
import type { Users } from '../auth/users';
import type { TokenService } from '../auth/tokens';
import type { Json } from '../db/store';
import type { MicroCache } from './micro-cache';
import type { ChangeBus } from '../db/notifications';
import type { Jobs } from '../jobs/jobs';
import type { ApiKeys } from '../auth/api-keys';
import type { MailTransport } from '../jobs/mail-transport';
import type { FanOutOptions, NotificationFanOut } from '../jobs/fan-out';

/** What every route module receives from buildApp. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  store: Store;
  links: ShortLinks;
  users: Users;
  tokens: TokenService;
  now: () => number;
  /** One-second cache of anonymous public reads, dropped on every write. */
  cache: MicroCache;
  /** Set once socket.io is attached. */
  io: SocketServer | null;
  /** The tournaments' authority (tournaments/tournament-rooms.ts), set with socket.io: told of the writes made otherwise. */
  tournaments: { invalidate(id: string): void } | null;
  /** How the server processes sharing one PostgreSQL tell each other what changed; null alone on the database (the embedded default). */
  bus: ChangeBus | null;
  /** Names this process (in /api/ready, for the operator behind a load balancer). */
  node: string;
  /** Set once SIGTERM arrived: /api/ready answers 503 so that the load balancer sends nothing more. */
  stopping: boolean;
  /** The background jobs (src/jobs): run now, history, schedules. */
  jobs: Jobs;
  /** The one durable fan-out of every notification to the app, the phones and the e-mail (jobs/fan-out.ts). */
  fanOut: NotificationFanOut;
  /** Creates a notification, pushes {data: {id}} to the user's sockets and queues it for their phones (jobs/notifications.ts' fanOut). */
  notify(input: { userId: string; title: string; body?: string; icon?: string; link?: string }): Promise<Json>;
  /** Staff's API keys (Authorization: Bearer sortie_…). */
  apiKeys: ApiKeys;
  /** How mails reach their recipients, whole (SMTP, or kept on this machine); the mail log keeps them masked. */
  mailer: MailTransport;
  /** ActivityPub (federation/federation.service.ts): told of the events' writes; its job runs it. */
  federation?: { kick(): void; run(): Promise<Record<string, number>> };
}

export interface AppOptions {
  db: Db;
  config: ServerConfig;
  /** Google's key set, injected by tests (fetched lazily otherwise). */
  googleKeys?: JWTVerifyGetKey;
  now?: () => number;
  logger?: boolean;
  /** How mails leave; the environment's (SMTP_URL, SORTIE_MAIL_DIR) by default. Tests hand a memory outbox. */
  mailTransport?: MailTransport;
  /** The fan-out's batch, concurrency and retry timer (tests). */
  fanOut?: Pick<FanOutOptions, 'batch' | 'concurrency' | 'setTimer'>;
}
