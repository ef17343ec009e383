import { afterAll, vi } from 'vitest';

/*
 * The server's test files share their worker (isolate: false in vitest.config.ts): modules are
 * imported once per worker, not once per file. This file runs before each test file and puts back,
 * once the file is over, what a file may have changed for the next one in the same process.
 */

const envAtStart = { ...process.env };
/** The process as any emitter: its listeners of an event, whatever the event. */
const emitter: NodeJS.EventEmitter = process;
const LISTENED = ['exit', 'SIGTERM', 'SIGINT', 'unhandledRejection', 'uncaughtException'];
const listenersAtStart = new Map(LISTENED.map((event) => [event, emitter.listeners(event)]));

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
  // A listener a file added to the process and left there would run in every later file: a leak to fix at its cause.
  for (const event of LISTENED) {
    const left = emitter.listeners(event).filter((listener) => !listenersAtStart.get(event)!.includes(listener));
    if (left.length) throw new Error(`${left.length} listener(s) on process « ${event} » left by this file`);
  }
});
