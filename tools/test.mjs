#!/usr/bin/env node
// `pnpm test`: every test, with coverage. The end-to-end project runs in a vitest of its own,
// beside the others rather than after them: its one worker mostly waits on Chromium and the app
// (0.7 of a core on average), so run alone it left the machine half idle for seven minutes.
// Its output is held and printed whole once the other projects have reported, so that the two
// never interleave. With arguments (`pnpm test packages/web`), one vitest runs them as given.
// When the other projects fail, their failures are printed again at the very end: CI keeps only
// the tail of a long output, which is the end-to-end project's, and a failure above it was lost.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failuresOf } from './test-failures.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The root's own devDependency (its package exports no path to the command).
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

/** Output kept aside until `release()`, then printed as it comes. */
function heldOutput() {
  const chunks = [];
  let live = false;
  return {
    write: (chunk) => (live ? process.stdout.write(chunk) : chunks.push(chunk)),
    release: () => {
      live = true;
      for (const chunk of chunks.splice(0)) process.stdout.write(chunk);
    },
  };
}

/** Output printed as it comes and also kept, to find its failures afterwards. */
function keptOutput() {
  const chunks = [];
  return {
    write: (chunk) => {
      chunks.push(chunk);
      process.stdout.write(chunk);
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** Runs vitest with these arguments; `output` receives what it prints (by default, the terminal). */
function run(vitestArgs, output) {
  const env = { ...process.env, ...(output && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) };
  const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs], { cwd: root, env, stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  child.stdout?.on('data', (chunk) => output.write(chunk));
  child.stderr?.on('data', (chunk) => output.write(chunk));
  const exit = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, exit };
}

const runs = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => runs.forEach(({ child }) => child.kill(signal)));

if (args.length > 0) {
  runs.push(run(['--coverage', ...args]));
  process.exit(await runs[0].exit);
}

const started = performance.now();
const endToEndOutput = heldOutput();
const endToEnd = run(['--project', 'e2e'], endToEndOutput);
const othersOutput = keptOutput();
const others = run(['--coverage', '--project', '!e2e'], othersOutput);
runs.push(endToEnd, others);
const othersCode = await others.exit;
process.stdout.write('\n── Projet e2e (lancé en parallèle, sortie complète ci-dessous) ──\n');
endToEndOutput.release();
const endToEndCode = await endToEnd.exit;
const seconds = (performance.now() - started) / 1000;
if (othersCode) {
  process.stdout.write('\n── Échecs des projets hors e2e (repris de plus haut) ──\n');
  process.stdout.write(`${failuresOf(othersOutput.text()).join('\n')}\n`);
}
process.stdout.write(`\nTests terminés en ${seconds.toFixed(0)} s : ${othersCode || endToEndCode ? 'des tests ont échoué' : 'tout est passé'}.\n`);
process.exit(othersCode || endToEndCode);
