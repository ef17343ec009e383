#!/usr/bin/env node
// The CLI's cold start (issue 5): medians of `sortie --version` and `sortie --help` against
// `node -e ''` measured in the same run, interleaved so that the machine's load hits all
// three alike. Usage: node --import tsx tools/bench/cli.bench.mjs <out.json>
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = 'packages/cli/bin/sortie.mjs';
const RUNS = Number(process.env.SORTIE_BENCH_RUNS ?? 30);
const out = process.argv[2];

const subjects = [
  { name: "node -e ''", args: ['-e', ''] },
  { name: 'sortie --version', args: [bin, '--version'], allowance: 20 },
  { name: 'sortie --help', args: [bin, '--help'], allowance: 50 },
];

// A first run builds dist/ if it is missing or stale: that is not a cold start.
const warm = spawnSync(process.execPath, [bin, '--help'], { cwd: root, encoding: 'utf8' });
if (warm.status !== 0) {
  console.error(`cli bench : sortie --help a échoué (${warm.status})\n${warm.stderr}`);
  process.exit(1);
}

const samples = subjects.map(() => []);
for (let run = 0; run < RUNS + 2; run++) {
  for (const [index, subject] of subjects.entries()) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, subject.args, { cwd: root, stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${subject.name} a échoué (code ${result.status})`);
    if (run >= 2) samples[index].push(ms); // the first two rounds warm the file cache
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value) => Math.round(value * 100) / 100;
const baseline = median(samples[0]);
const results = subjects.slice(1).map((subject, i) => {
  const value = median(samples[i + 1]);
  return {
    suite: 'cli',
    name: subject.name,
    value: round(value),
    unit: 'ms',
    ceiling: round(baseline),
    ratio: round(value / baseline),
    goal: `≤ +${subject.allowance} ms`,
    pass: value - baseline <= subject.allowance,
  };
});

console.log(`cli : médianes sur ${RUNS} lancements chacun`);
console.log(`  ${"node -e ''".padEnd(18)} ${baseline.toFixed(1).padStart(7)} ms`);
for (const r of results) console.log(`  ${r.name.padEnd(18)} ${r.value.toFixed(1).padStart(7)} ms  (+${(r.value - baseline).toFixed(1)} ms, objectif ${r.goal}) ${r.pass ? 'ok' : 'NON'}`);
if (out) writeFileSync(out, JSON.stringify({ results }, null, 2));
