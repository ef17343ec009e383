/**
 * The WHERE clauses and parameters of a list query. A clause names its value `{}`, which
 * becomes the next `$n`. Not `?`: PostgreSQL's jsonb `?` operator is a question mark too,
 * and rewriting it once sent broken SQL for the category and artist filters.
 */
export function whereClauses() {
  const where: string[] = [];
  const params: unknown[] = [];
  /** A parameter alone, for a clause that names several: its `$n`. */
  const param = (value: unknown): string => `$${params.push(value)}`;
  return {
    where,
    params,
    add(clause: string, value: unknown): void {
      where.push(clause.replaceAll('{}', param(value)));
    },
    param,
    /** These clauses and one more, as a new pair: the same filter narrowed two ways. */
    and(clause: string, value: unknown): { where: string[]; params: unknown[] } {
      const more = [...params, value];
      return { where: [...where, clause.replaceAll('{}', `$${more.length}`)], params: more };
    },
  };
}
