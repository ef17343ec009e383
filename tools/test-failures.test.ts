import { describe, expect, it } from 'vitest';
import { failuresOf } from './test-failures.mjs';

// vitest 4's output for a file with one failed test, as a terminal shows it (colours included).
const failedRun = [
  ' \x1b[31m❯\x1b[39m a.test.ts (2 tests | 1 failed) 7ms',
  '   \x1b[32m✓\x1b[39m passes 1ms',
  '   \x1b[31m×\x1b[39m fails here 5ms',
  '',
  '\x1b[31m⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\x1b[39m',
  '',
  ' \x1b[41mFAIL\x1b[49m  a.test.ts > fails here',
  'AssertionError: expected 1 to be 2 // Object.is equality',
  ' ❯ a.test.ts:3:36',
  '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯',
  '',
  ' Test Files  1 failed (1)',
  '      Tests  1 failed | 1 passed (2)',
  'ERROR: Coverage for lines (94.1%) does not meet "packages/core/src/**" threshold (95%)',
].join('\n');

describe('failuresOf', () => {
  it('keeps the « Failed Tests » section, without colours, and a coverage below its threshold', () => {
    expect(failuresOf(failedRun)).toEqual([
      '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
      '',
      ' FAIL  a.test.ts > fails here',
      'AssertionError: expected 1 to be 2 // Object.is equality',
      ' ❯ a.test.ts:3:36',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯',
      '',
      'ERROR: Coverage for lines (94.1%) does not meet "packages/core/src/**" threshold (95%)',
    ]);
  });

  it('keeps the failed lines when the run ended before its summary', () => {
    const cut = failedRun.slice(0, failedRun.indexOf('\x1b[31m⎯'));
    expect(failuresOf(cut)).toEqual(['   × fails here 5ms']);
  });

  it('stops at its limit', () => {
    expect(failuresOf(failedRun, 3)).toHaveLength(3);
  });
});
