import type { Db } from '../db/database';
import { analysedPlan, type PlanNode } from './date-index-walks';

/** A parameter as an SQL literal, for EXECUTE. */
export const sqlLiteral = (value: unknown): string => {
  const text = (v: unknown) => `'${String(v).replaceAll("'", "''")}'`;
  return typeof value === 'number' ? String(value) : Array.isArray(value) ? `ARRAY[${value.map(text).join(', ')}]::text[]` : text(value);
};

/**
 * The plan a prepared statement runs once the connection keeps it (its generic plan, made for
 * any values: open-database.ts's planNamedOnce), as on a large table, executed with each of
 * `runs`' parameters.
 */
export const genericPlans = (db: Db, text: string, runs: unknown[][]): Promise<PlanNode[]> =>
  db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    // The disabled sequential read makes a plan's cost huge: PostgreSQL would compile it at every run.
    if (db.kind === 'postgres') await tx.query('SET LOCAL jit = off');
    await tx.query(`PREPARE generic_plan AS ${text}`);
    try {
      const plans: PlanNode[] = [];
      for (const params of runs) plans.push(await analysedPlan(tx, `EXECUTE generic_plan(${params.map(sqlLiteral).join(', ')})`));
      return plans;
    } finally {
      await tx.query('DEALLOCATE generic_plan');
    }
  });
