import type { KvStore } from '@fedify/fedify';
import type { Db } from '../db/database';

/** What fedify's dispatchers and inbox listeners receive (its « context data »). */
export interface FederationDeps {
  db: Db;
  kv: KvStore;
  now: () => number;
  allowedPrivateOrigins: readonly string[];
  /** Reconciles events and sends what is due, soon, without holding up the caller. */
  kick: () => void;
}

/** Our actors' addresses: /ap/actors/{id} (the place's or organisation's record id). */
export const ACTOR_PATH = '/ap/actors/{identifier}';
export const actorUrlOf = (origin: string, id: string) => `${origin}/ap/actors/${id}`;
