import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { Json } from '../db/store';
import type { Data } from '../db/entities';
import type { Db } from '../db/database';
import type { AnswerText } from '../text-parts';

/*
 * The shape of a resource's server policy. Its own module, apart from the table of every
 * resource's policy (policy.ts): the features that write a policy (raffles, blind tests,
 * championships) import the shape, and the table imports them.
 */

/** Who is reading: the signed-in user, or nobody. */
export type Viewer = UserJson | null;

/**
 * How one record is read at GET /api/{resource}/{id} when that differs from its list's rule
 * (RESOURCES[…].read): some records are readable one by one although their list is for staff.
 */
export interface ReadOnePolicy {
  /** Whom the router asks for: nobody, the user if any, or a signed-in user (401 before any lookup). */
  viewer: 'none' | 'optional' | 'signedIn';
  /** The 404's message, when not "{Label} introuvable.". */
  notFound?: string;
  /** What the viewer sees of the record; null: the record does not exist for them. */
  project: (record: Json, viewer: Viewer) => Data | null;
  /** The same, in French, for the OpenAPI document. */
  note?: string;
}

/** A list the resource serves itself: its own query schema, and its own loader (the page as JSON text). */
export interface OwnList {
  load: (ctx: AppContext, query: unknown, viewer: () => Promise<Viewer>) => Promise<AnswerText>;
}

export interface ListPolicy {
  /** Served with its own query and loader instead of the generic list (events: the agenda's filters). */
  own?: OwnList;
  /** What visitors who are not staff never see, as a WHERE clause with one value (`{}`). */
  hiddenFromVisitors?: (now: number) => { clause: string; value: unknown };
}

/** What the server decides for one resource beyond core's RESOURCES (schemas, labels, read and write rules). */
export interface ResourcePolicy {
  /** Fields the server owns and sets at creation, whatever the body says. */
  serverFields?: Data;
  /** Fields a PATCH never changes either (they change through their own actions): the stored values stay. */
  serverOwned?: readonly string[];
  /** Why a PATCH of the stored record is refused (409, in French), or null: what only the record's actions change. */
  refusePatch?: (existing: Data, patch: Data) => string | null;
  /** What the server adds before a record is first stored (its author, a fresh short code…). */
  prepare?: (data: Data, authorId: string) => Data;
  readOne?: ReadOnePolicy;
  /**
   * Write-only fields (a link's password, issue 36): never stored as given. `store` makes, before
   * the write, what is stored instead (its hash), which a read never shows (hide it in ENTITIES).
   */
  writeOnly?: { fields: readonly string[]; store: (input: Data) => Promise<Data> };
  /** Creates the record otherwise than by a plain insert (notifications are pushed to their user). */
  create?: (ctx: AppContext, data: Data) => Promise<Json>;
  /** Runs in the delete's transaction, before it: may refuse it (the last admin's account) and record it. */
  beforeRemove?: (tx: Db, id: string, actor: UserJson) => Promise<void>;
  /** Its beforeRemove writes the deletion to the audit log itself (the generic entry would be a second one). */
  removalAudited?: true;
  /** The record about to be stored (created or patched), once valid: what the server makes of it at `now` (a raffle closed early closes now). */
  beforeSave?: (data: Data, now: number) => Data;
  /** A list filter that is not a plain `column = value`, as a WHERE clause with one value (`{}`): what `project` shows, filtered alike. */
  listFilters?: Record<string, (value: unknown, now: number) => { clause: string; value: unknown }>;
  /** A stored record as every read shows it at `now` (a raffle past its close says 'closed'). */
  project?: (record: Json, now: number) => Json;
  /** Runs after every create, update and delete of the record `id` (in-memory copies to drop). */
  afterWrite?: (ctx: AppContext, id: string) => void;
  list?: ListPolicy;
}
