import type { Db } from '../db/database';

/** A node of EXPLAIN (ANALYZE, FORMAT JSON)'s plan, as the search plan guards read it. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The plan of `text` run with EXPLAIN (ANALYZE, FORMAT JSON): PGlite answers it as text, pg as parsed JSON. */
export async function analysedPlan(db: Db, text: string, params: unknown[] = []): Promise<PlanNode> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  const plan = row!['QUERY PLAN'];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>)[0]!.Plan;
}

/**
 * The ordered walks of a date index (Index Scan, Index Only Scan: row after row in date order,
 * the text search as a filter) that read more rows than `bound`, counting the rows they kept and
 * those their filter dropped. A bitmap of a date range is not a walk: it reads the index once.
 * Issue 34's guard: no search reads tens of thousands of events to find ten.
 */
export function dateIndexWalks(plan: PlanNode, bound: number): string[] {
  const walks: string[] = [];
  const visit = (node: PlanNode) => {
    const read = (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
    const ordered = node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan';
    if (ordered && node['Index Name'] && /starts/.test(node['Index Name']) && read > bound) walks.push(`${node['Node Type']} ${node['Index Name']}: ${read} rows`);
    node.Plans?.forEach(visit);
  };
  visit(plan);
  return walks;
}
