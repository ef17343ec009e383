import { DRAFT_STATUS, isObjectId, RESOURCES, type ListPosition, type ResourceName } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { Json } from '../db/store';
import { newId } from '../db/store';
import type { Data } from '../db/entities';
import { recordOf } from '../db/rows';
import { whereClauses } from '../db/where';
import { ConflictError, forbidden, parse } from '../http/errors';
import { isStaff } from '../auth/user-roles';
import { pageJson, pageMeta } from '../http/micro-cache';
import { ownerOf, projectedListJson, projectedRecord, RESOURCE_POLICY } from '../resources/policy';
import type { Viewer } from '../resources/resource-policy';
import { auditCreate, auditRemove, auditUpdate } from '../resources/audit-writes';
import { missing } from '../resources/missing';

/** A generic list's query, once parsed: pagination, q, city, ids and the kind's own filters. */
export type GenericListQuery = { limit: number; offset: number; cursor?: ListPosition; q?: string; city?: string; ids?: string[] } & Record<string, unknown>;

export { missing };

/** The server fields a patch never changes (`serverOwned` in the policy): the stored values. */
function kept(resource: ResourceName, existing: Data): Data {
  const owned = RESOURCE_POLICY[resource].serverOwned ?? [];
  return Object.fromEntries(owned.filter((key) => key in existing).map((key) => [key, existing[key]]));
}

/** A write's write-only fields taken out of it, and what is stored instead (a password's hash). */
async function writeOnly(resource: ResourceName, input: Data): Promise<{ data: Data; stored: Data }> {
  const rule = RESOURCE_POLICY[resource].writeOnly;
  if (!rule || !rule.fields.some((field) => field in input)) return { data: input, stored: {} };
  const data = Object.fromEntries(Object.entries(input).filter(([key]) => !rule.fields.includes(key)));
  return { data, stored: await rule.store(input) };
}

/**
 * The generic CRUD of every resource of core's RESOURCES: the transactions, the owner rule on
 * existing records, and the per-resource policy (server fields, preparation, hooks on write).
 * Roles are checked by the router before anything is looked up.
 */
export class ResourceService {
  constructor(private readonly ctx: AppContext) {}

  /** The names of the filters a list of the resource takes beside q, city and ids (the columns its kind filters on). */
  filterNames(resource: ResourceName): string[] {
    return Object.keys(this.ctx.store.kind(resource).filters);
  }

  /** One record by id, or by the kind's second key (artists' and blog posts' slugs). */
  async findOne(resource: ResourceName, key: string): Promise<Json | null> {
    const alt = this.ctx.store.kind(resource).altKey;
    const record = isObjectId(key) ? await this.ctx.store.get(resource, key) : alt?.accepts(key) ? await this.ctx.store.getBy(resource, alt.column, key) : null;
    return record && this.shown(resource, record);
  }

  /** A record as reads show it now (the policy's `project`: a raffle past its close says 'closed'). */
  private shown(resource: ResourceName, record: Json): Json {
    return projectedRecord(resource, record, this.ctx.now());
  }

  /**
   * A page of the generic list as JSON text. To a viewer who is not staff (`viewer`: the reader,
   * when viewerMatters says it changes the list), core's rules apply as they do by address
   * (publicView): no draft, no owner-only field of another's record, nor what the policy hides.
   */
  async list(resource: ResourceName, query: GenericListQuery, viewer: Viewer): Promise<string> {
    const def = RESOURCES[resource];
    const kind = this.ctx.store.kind(resource);
    const visitor = !isStaff(viewer);
    // Filtering on an owner-only field would tell whose records they are (the shares of one user): one's own only.
    if (visitor) for (const field of def.ownerOnly) if (query[field] !== undefined && query[field] !== viewer?._id) throw forbidden(`Vous ne pouvez filtrer que vos propres ${def.label.many}.`);
    const { where, params, add } = whereClauses();
    const custom = RESOURCE_POLICY[resource].listFilters ?? {};
    for (const [key, column] of Object.entries(kind.filters)) {
      if (query[key] === undefined) continue;
      const filter = custom[key]?.(query[key], this.ctx.now());
      if (filter) add(filter.clause, filter.value);
      else add(`${column} = {}`, query[key]);
    }
    if (typeof query.city === 'string' && 'city' in kind.columns) add('lower(city) = lower({})', query.city);
    if (query.ids) add('id = ANY({}::text[])', query.ids);
    if (visitor && def.drafts) add(`${'status' in kind.columns ? 'status' : "data->>'status'"} IS DISTINCT FROM {}`, DRAFT_STATUS);
    const hidden = RESOURCE_POLICY[resource].list?.hiddenFromVisitors;
    if (hidden && visitor) {
      const { clause, value } = hidden(this.ctx.now());
      add(clause, value);
    }
    const ownerOnly = visitor && def.ownerOnly.length > 0 ? { fields: def.ownerOnly, viewerId: viewer?._id ?? null } : undefined;
    const page = await this.ctx.store.listJson(resource, { where, params, q: query.q, limit: query.limit, offset: query.offset, cursor: query.cursor ?? null, ...(ownerOnly ? { ownerOnly } : {}) });
    return pageJson(projectedListJson(resource, page.items, this.ctx.now()), pageMeta(page, query));
  }

  async create(resource: ResourceName, input: Data, author: UserJson): Promise<Json> {
    const policy = RESOURCE_POLICY[resource];
    const { data: given, stored } = await writeOnly(resource, input);
    const fields = { ...given, ...stored, ...policy.serverFields };
    const prepared = policy.prepare ? policy.prepare(fields, author._id) : fields;
    const data = policy.beforeSave ? policy.beforeSave(prepared, this.ctx.now()) : prepared;
    const created = policy.create
      ? await auditCreate(this.ctx.db, resource, author, await policy.create(this.ctx, data))
      : await this.ctx.db.transaction(async (tx) => auditCreate(tx, resource, author, await this.ctx.store.insert(resource, data, { db: tx, id: newId() })));
    policy.afterWrite?.(this.ctx, created._id);
    return this.shown(resource, created);
  }

  /** Merges a patch into the stored record, which must still satisfy the creation schema (dates in order, legal basis…). */
  async update(resource: ResourceName, id: string, given: Data, actor: UserJson): Promise<Json | null> {
    const { data: patch, stored } = await writeOnly(resource, given);
    const updated = await this.ctx.db.transaction(async (tx) => {
      const existing = await this.ctx.store.getStored(resource, id, { db: tx, forUpdate: true });
      if (!existing) throw missing(resource);
      this.mayWrite(resource, existing, actor);
      const refusal = RESOURCE_POLICY[resource].refusePatch?.(existing, patch);
      if (refusal) throw new ConflictError(refusal);
      const merged = { ...existing, ...patch };
      const beforeSave = RESOURCE_POLICY[resource].beforeSave;
      const valid = recordOf(parse(RESOURCES[resource].input, beforeSave ? beforeSave(merged, this.ctx.now()) : merged));
      const next = { ...existing, ...valid, ...stored, ...kept(resource, existing) };
      const replaced = await this.ctx.store.replace(resource, id, next, tx);
      await auditUpdate(tx, resource, id, actor, existing, next);
      return replaced;
    });
    RESOURCE_POLICY[resource].afterWrite?.(this.ctx, id);
    return updated && this.shown(resource, updated);
  }

  async remove(resource: ResourceName, id: string, actor: UserJson): Promise<void> {
    const existing = await this.ctx.store.get(resource, id);
    if (!existing) throw missing(resource);
    this.mayWrite(resource, existing, actor);
    const { beforeRemove: guard, removalAudited } = RESOURCE_POLICY[resource];
    await this.ctx.db.transaction(async (tx) => {
      await guard?.(tx, id, actor);
      // A policy whose beforeRemove writes the deletion to the audit log itself gets no second entry.
      if ((await this.ctx.store.remove(resource, id, tx)) && !removalAudited) await auditRemove(tx, resource, id, actor, existing);
    });
    RESOURCE_POLICY[resource].afterWrite?.(this.ctx, id);
  }

  /** Owners write their own records of an `owner` resource; staff write any. */
  private mayWrite(resource: ResourceName, existing: Data, actor: UserJson): void {
    if (RESOURCES[resource].write === 'owner' && ownerOf(existing) !== actor._id && !isStaff(actor)) throw forbidden();
  }
}
