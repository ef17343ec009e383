// How one suite's run becomes rows of bench/results.json. A suite that misses a goal exits 1
// after writing its figures: they are kept, so that a missed goal is read with its numbers.
// A suite that wrote nothing (a crash, a timeout) leaves one failed row that says how it ended.
import { existsSync, readFileSync } from 'node:fs';

/** The rows of one suite's run: its figures whatever its exit code, else one row saying it failed. */
export function suiteRows(suite, { status, signal }, outPath) {
  if (existsSync(outPath)) {
    const { results = [] } = JSON.parse(readFileSync(outPath, 'utf8'));
    if (results.length || status === 0) return results.map((result) => ({ suite, ...result }));
  }
  return [{ suite, name: 'exécution de la suite', value: status ?? String(signal), unit: 'code de sortie', pass: false }];
}

/**
 * The rows to store after a run of some suites: the previous file's rows of the suites not run
 * this time are kept, so `pnpm bench blindtests` updates its own figures without erasing the others.
 */
export function mergedRows(previousRows, ranSuites, newRows) {
  return previousRows.filter((row) => !ranSuites.includes(row.suite)).concat(newRows);
}
