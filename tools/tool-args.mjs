// The command lines of the repository's own tools (count-casts, import-graph), read by Node's own
// parser: `--max 5` and `--max=5` alike, an unknown option or a missing value refused.
import { parseArgs } from 'node:util';

/**
 * The options and positionals of `argv`, `--help`/`-h` included; null once `err` has been told
 * what is wrong, with the usage. A `counts` option must hold a whole number ≥ 0.
 */
export function readToolArgs(argv, { options, counts = [], positionals = false, usage, err }) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: positionals, strict: true });
  } catch (error) {
    err(`${error.message}\n${usage}`);
    return null;
  }
  for (const name of counts) {
    const value = parsed.values[name];
    if (value !== undefined && !/^\d+$/.test(value)) {
      err(`--${name} expects a whole number, got ${value || 'nothing'}\n${usage}`);
      return null;
    }
  }
  return parsed;
}
