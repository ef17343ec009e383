import type { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The test functions a contract suite runs with. The suites take them as a parameter, so
 * `@sortie/core/testing` loads no test runner of its own (vitest is a type here, nothing more):
 *
 *   import * as vitest from 'vitest';
 *   linkResolverContract(vitest, 'HttpLinkResolverAdapter over a local API', setup);
 */
export interface ContractRunner {
  describe: typeof describe;
  it: typeof it;
  expect: typeof expect;
  beforeEach: typeof beforeEach;
  afterEach: typeof afterEach;
}

/** What every setup hands back besides its subject: how to release what it started. */
export interface Teardown {
  teardown?: () => Promise<void> | void;
}

/**
 * Registers `body` under `describe(title)` with a fresh subject per test, built by `setup`
 * and torn down after it.
 */
export function withSubject<S extends Teardown>(t: ContractRunner, title: string, setup: () => Promise<S> | S, body: (subject: () => S) => void): void {
  t.describe(title, () => {
    let current: S | undefined;
    t.beforeEach(async () => {
      current = await setup();
    });
    t.afterEach(async () => {
      const done = current;
      current = undefined;
      await done?.teardown?.();
    });
    body(() => {
      if (!current) throw new Error('contract: the subject is used outside a test');
      return current;
    });
  });
}

/** The rejection of `promise`, or a failure when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('contract: expected a rejection, the call resolved');
}

/** Turns the event loop until `condition` holds (real sockets deliver asynchronously). */
export async function waitFor(condition: () => boolean, deadlineMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > deadlineMs) throw new Error('contract: condition never held');
    await new Promise<void>((resolve) => globalThis.setTimeout(resolve, 5));
  }
}
