import type { Db } from '../db/database';
import { analysedPlan, type PlanNode } from './date-index-walks';

/** Rows of events a single read may take: one event, with those of its date and city. */
export const LOOKUP = 8;

/** The reads of `relation` through one of its indexes, in the plan. */
export function indexReads(node: PlanNode, relation: string): number {
  const own = node['Relation Name'] === relation && /Index/.test(node['Node Type']) ? 1 : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + indexReads(child, relation), 0);
}

/** The most rows of events one read of the plan took (per loop), those its filter dropped included. */
export function largestEventsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'events' ? node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) : 0;
  return Math.max(own, ...(node.Plans ?? []).map(largestEventsRead));
}

/** Every node type of the plan, depth first. */
export function nodeTypes(node: PlanNode): string[] {
  return [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];
}

/**
 * The plan a prepared statement keeps once it is planned for any parameters (its generic plan),
 * run on `params`: what a connection answers with after its first reads, whatever the values.
 */
export function genericPlan(db: Db, text: string, params: unknown[]): Promise<PlanNode> {
  return withProbe(db, 'force_generic_plan', text, (tx, execute) => analysedPlan(tx, execute(params)));
}

/**
 * How one connection plans a prepared statement read `reads` times, with the values of each of
 * `statements` in turn (the same text, as the server sent it), in PostgreSQL's own choice
 * (plan_cache_mode = auto): after five plans made for their values, it keeps the plan made for
 * any values if that one costs no more, else it plans every read again.
 */
export function plansChosen(db: Db, statements: ReadonlyArray<{ text: string; params: unknown[] }>, reads = 10): Promise<{ generic: number; custom: number }> {
  return withProbe(db, 'auto', statements[0]!.text, async (tx, execute) => {
    for (let read = 0; read < reads; read += 1) await tx.query(execute(statements[read % statements.length]!.params));
    const [row] = await tx.query<{ generic: number | string; custom: number | string }>(`SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = '${PROBE}'`);
    return { generic: Number(row?.generic), custom: Number(row?.custom) };
  });
}

const PROBE = 'plan_probe';

/**
 * Runs `use` in a transaction of one connection where `text` is prepared as PROBE, planned in
 * `mode`; `execute(params)` is the EXECUTE of those values, written in: a utility statement
 * takes no parameters of its own.
 */
function withProbe<T>(db: Db, mode: 'auto' | 'force_generic_plan', text: string, use: (tx: Db, execute: (params: unknown[]) => string) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL plan_cache_mode = ${mode}`);
    await tx.query(`PREPARE ${PROBE} AS ${text}`);
    try {
      return await use(tx, (params) => `EXECUTE ${PROBE}(${params.map(literal).join(', ')})`);
    } finally {
      await tx.query(`DEALLOCATE ${PROBE}`);
    }
  });
}

/** A parameter as an SQL literal of unknown type, which EXECUTE casts to the statement's. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return `'${String(value).replaceAll("'", "''")}'`;
}
