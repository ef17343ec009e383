#!/usr/bin/env node
// The `sortie` launcher. Kept tiny: node built-ins only, so that `sortie --version` costs
// little more than starting node. It rebuilds dist/ when it is missing or older than any
// workspace source it was built from (dist/ is never committed), then runs the bundle.
import { readFileSync, statSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Fast path: nothing to parse, nothing to build, and no process.stdout to set up.
  writeSync(1, `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  if (isStale()) {
    try {
      const { build } = await import('../scripts/build.mjs');
      await build({ quiet: true });
    } catch (error) {
      process.stderr.write(`sortie : construction de dist/ impossible (pnpm --filter @sortie/cli build pour le détail).\n${error?.message ?? error}\n`);
      process.exit(1);
    }
  }
  const { main } = await import('../dist/sortie.mjs');
  await main(process.argv);
}

function isStale() {
  // Plain string paths: a URL object per input costs more than the stat itself.
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(`${dist}manifest.json`, 'utf8'));
  } catch {
    return true;
  }
  for (const input of manifest.inputs) {
    const stat = statSync(dist + input, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > manifest.builtAt) return true;
  }
  return false;
}
