import { AppError, DEFAULT_CITY, RuntimeConfigSchema, type RuntimeConfig } from '@sortie/core';
import type { AppContext } from '../http/context';
import { DatabaseUnavailableError, isConnectionLost } from '../db/availability';
import { WriteCheck } from '../db/write-check';
import { DocsService } from '../docs/docs.service';
import { SearchService } from '../search/search.service';
import { SERVER_PATHS } from '../runtime-paths';

/** How long the list of cities in /api/config is kept (a write anywhere clears it sooner). */
const CITIES_TTL_MS = 60_000;

/**
 * What the server says about itself: whether it is up (health) and able to write (ready), the
 * runtime configuration the apps start from, and the documentation and search it serves
 * (DocsService, SearchService, built here from the context).
 */
export class MetaService {
  readonly docs: DocsService;
  readonly search: SearchService;
  private readonly writeCheck: WriteCheck;
  private cities: { at: number; list: string[] } | null = null;

  constructor(private readonly ctx: AppContext) {
    this.docs = new DocsService(SERVER_PATHS.docs, ctx.store);
    this.search = new SearchService(ctx.db, ctx.now);
    this.writeCheck = new WriteCheck(ctx.db);
    // A write anywhere clears the public cache (on every node, through the change bus): the cities go with it.
    ctx.cache.onClear(() => {
      this.cities = null;
    });
  }

  /** Up, with the database's kind; the database down (restarting, unreachable): DatabaseUnavailableError (503), within a second. */
  async health(): Promise<{ status: 'ok'; database: string }> {
    try {
      await this.ctx.db.query('SELECT 1');
    } catch (error) {
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    }
    return { status: 'ok', database: this.ctx.db.kind };
  }

  /**
   * Ready means able to write: a node stopping, or whose database is gone or refuses writes
   * (disk full, I/O errors, a read-only standby), answers 503, so that the load balancer sends
   * its requests to another; it is ready again once a write goes through (write-check.ts).
   */
  async readiness(): Promise<{ status: 'ready'; database: string; node: string }> {
    if (this.ctx.stopping) throw new AppError('Arrêt en cours.', { code: 'STOPPING', statusCode: 503 });
    const failure = await this.writeCheck.check();
    if (failure !== null) {
      if (isConnectionLost(failure instanceof DatabaseUnavailableError ? failure.cause : failure)) throw new AppError('Base de données injoignable.', { code: 'DATABASE_UNREACHABLE', statusCode: 503 });
      throw new AppError('La base de données refuse les écritures (disque plein ?).', { code: 'DATABASE_NOT_WRITABLE', statusCode: 503 });
    }
    return { status: 'ready', database: this.ctx.db.kind, node: this.ctx.node };
  }

  /** The runtime configuration of the apps: sign-in, keys, store pages, and the cities of published events and places (kept a minute). */
  async runtimeConfig(): Promise<RuntimeConfig> {
    if (!this.cities || this.ctx.now() - this.cities.at > CITIES_TTL_MS) {
      const rows = await this.ctx.db.query<{ city: string }>(
        `SELECT city FROM (SELECT city FROM events WHERE status = 'published' UNION SELECT city FROM places) c GROUP BY city ORDER BY city`,
      );
      this.cities = { at: this.ctx.now(), list: rows.map((r) => r.city) };
    }
    const { config } = this.ctx;
    return RuntimeConfigSchema.parse({
      identityProvider: config.firebase ? 'firebase' : 'local',
      signInMethods: config.firebase ? { google: true, apple: true, password: true } : { google: false, apple: false, password: true },
      firebase: config.firebase
        ? { apiKey: config.firebase.apiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId, appId: config.firebase.appId, ...(config.firebase.messagingSenderId ? { messagingSenderId: config.firebase.messagingSenderId } : {}) }
        : null,
      pushPublicKey: config.pushPublicKey,
      vapidPublicKey: config.vapid?.publicKey ?? null,
      spotify: config.spotify,
      storePages: config.storePages,
      appLinkScheme: config.appLinkScheme,
      mapsApiKey: config.mapsApiKey,
      defaultCity: DEFAULT_CITY,
      cities: this.cities.list,
      version: '0.1.0',
      publicUrl: config.publicUrl,
    });
  }
}
