export interface BenchRow {
  suite: string;
  name: string;
  value: number | string;
  unit?: string;
  goal?: string;
  ceiling?: number;
  ratio?: number;
  pass?: boolean;
}
export function suiteRows(suite: string, run: { status: number | null; signal: string | null }, outPath: string): BenchRow[];
export function mergedRows(previousRows: BenchRow[], ranSuites: string[], newRows: BenchRow[]): BenchRow[];
