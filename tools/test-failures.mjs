// What `pnpm test` prints again at its end when a project other than e2e failed (tools/test.mjs).
import { stripVTControlCharacters } from 'node:util';

/** vitest's « Failed Tests » section (and the errors outside tests, and coverage below its threshold), without colours, at most `limit` lines. */
export function failuresOf(output, limit = 200) {
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) => /⎯{3,} (Failed Tests|Failed Suites|Unhandled Errors?) /.test(line));
  const coverage = lines.filter((line) => /^ERROR: Coverage /.test(line));
  if (start < 0) return [...lines.filter((line) => /^\s*(FAIL|×) /.test(line)), ...coverage].slice(0, limit);
  const end = lines.findIndex((line, index) => index > start && /^\s*Test Files /.test(line));
  return [...lines.slice(start, end < 0 ? undefined : end), ...coverage].slice(0, limit);
}
