// A PostgreSQL restart under load (issue 22): /r/{code} driven by 20 connections (wrk when installed,
// else the drill's own loops), PostgreSQL stopped (pg_ctl stop -m fast) and started again; the figure
// is the visits lost — redirects answered whose visit the database does not hold (goal: 0).
// Run by `pnpm bench` as `node --import tsx tools/bench/db-restart.bench.mjs <out.json>`; the drill is
// the fault test's (packages/server/src/testing/db-restart-drill.ts), on a PostgreSQL of its own.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2];
const { findPgBin, runRestartDrill } = await import(pathToFileURL(join(root, 'packages/server/src/testing/db-restart-drill.ts')).href);

const which = (program) => {
  try {
    return execFileSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};

const pgBin = findPgBin();
if (!pgBin) {
  console.log('db-restart: PostgreSQL (initdb, pg_ctl) absent : scénario ignoré');
  writeFileSync(out, JSON.stringify({ results: [] }));
  process.exit(0);
}
const wrk = which('wrk');
const result = await runRestartDrill({ pgBin, connections: 20, before: 3000, after: 3000, wrk, log: (line) => console.log(`db-restart: ${line}`) });
const load = wrk ? 'wrk' : 'boucles en processus';
console.log(`db-restart: /r ${JSON.stringify(result.statuses)} ; sondes pendant la panne ${JSON.stringify(result.probesWhileDown)}`);
if (result.lost || !result.survived) console.log(result.serverLog);
writeFileSync(
  out,
  JSON.stringify({
    results: [
      { name: `visites perdues sur un redémarrage de PostgreSQL (/r, 20 connexions, ${load})`, value: result.lost, unit: 'visites', goal: '0', pass: result.lost === 0 && result.survived },
      { name: 'redirections /r répondues pendant le scénario', value: result.redirects, unit: 'redirections' },
      { name: 'visites enregistrées', value: result.recorded, unit: 'visites' },
      { name: 'retour à la normale après le redémarrage de PostgreSQL', value: result.recoveryMs, unit: 'ms', goal: '< 5000', pass: result.recoveryMs >= 0 && result.recoveryMs < 5000 },
      { name: 'réponse la plus lente de /api pendant la panne', value: result.slowestDownAnswerMs, unit: 'ms', goal: '< 1000', pass: result.slowestDownAnswerMs < 1000 },
      { name: 'réponses 500 pendant le scénario', value: (result.statuses['500'] ?? 0) + (result.probeStatuses['500'] ?? 0), unit: 'réponses', goal: '0', pass: !result.statuses['500'] && !result.probeStatuses['500'] },
      { name: '/r par seconde pendant le scénario', value: result.requestsPerSecond, unit: 'req/s' },
    ],
  }),
);
