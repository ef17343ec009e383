import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergedRows, suiteRows } from './bench/results.mjs';

const folder = mkdtempSync(join(tmpdir(), 'sortie-bench-results-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('bench/results.json', () => {
  it('keeps the figures of a suite that missed a goal and exited 1', () => {
    const out = join(folder, 'missed.json');
    writeFileSync(out, JSON.stringify({ results: [{ name: 'acquittement p99', value: 291, unit: 'ms', goal: '≤ 50 ms', pass: false }] }));
    expect(suiteRows('blindtests', { status: 1, signal: null }, out)).toEqual([{ suite: 'blindtests', name: 'acquittement p99', value: 291, unit: 'ms', goal: '≤ 50 ms', pass: false }]);
  });

  it('records a suite that crashed or timed out before writing as one failed row', () => {
    expect(suiteRows('server', { status: null, signal: 'SIGTERM' }, join(folder, 'absent.json'))).toEqual([
      { suite: 'server', name: 'exécution de la suite', value: 'SIGTERM', unit: 'code de sortie', pass: false },
    ]);
    const empty = join(folder, 'empty.json');
    writeFileSync(empty, JSON.stringify({ results: [] }));
    expect(suiteRows('web', { status: 1, signal: null }, empty)).toMatchObject([{ suite: 'web', value: 1, pass: false }]);
    expect(suiteRows('db-restart', { status: 0, signal: null }, empty)).toEqual([]);
  });

  it('replaces only the suites run this time', () => {
    const previous = [
      { suite: 'server', name: 'recherche p50', value: 7 },
      { suite: 'blindtests', name: 'acquittement p99', value: 291 },
    ];
    expect(mergedRows(previous, ['blindtests'], [{ suite: 'blindtests', name: 'acquittement p99', value: 40 }])).toEqual([
      { suite: 'server', name: 'recherche p50', value: 7 },
      { suite: 'blindtests', name: 'acquittement p99', value: 40 },
    ]);
  });
});
