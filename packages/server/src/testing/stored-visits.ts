import type { VisitBatchRow } from '../links/visit-batches';

/** The user agents of the visits one write of the visit buffer carries, in their order (for fake databases). */
export function agentsOfWrite(params: readonly unknown[]): string[] {
  const rows = JSON.parse(String(params[0])) as VisitBatchRow[];
  return rows.flatMap((row) => row.visit_kinds.split(',').map((kind) => row.kinds[Number(kind) - 1]!.userAgent));
}
