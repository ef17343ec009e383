import { Readable } from 'node:stream';
import { createTestContainer, type TestContainerOverrides } from '@sortie/core/testing';
import type { Io, InStream } from '../src/io';
import { runCli } from '../src/main';
import type { ProgramDeps } from '../src/program';

export const TEST_API = 'http://api.test';

export interface FakeCliOptions extends TestContainerOverrides {
  /** What stdin holds (for --password-stdin), and whether it is a terminal. */
  stdin?: string | readonly string[];
  stdinIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /** Whether stdout is a terminal, and its width (`tournament watch` redraws, `show` fits). */
  stdoutIsTTY?: boolean;
  columns?: number;
  env?: Record<string, string>;
}

/**
 * The whole program (commander tree, actions, output) over core's use cases wired to
 * fakes, with stdout and stderr captured: what a user would see, without any network.
 */
export function fakeCli(options: FakeCliOptions = {}) {
  const { container, fakes } = createTestContainer(options);
  let stdout = '';
  let stderr = '';
  const interrupts = new Set<() => void>();
  let sessionsForgotten = 0;
  const chunks = typeof options.stdin === 'string' ? [options.stdin] : [...(options.stdin ?? [])];
  const stdin = Object.assign(Readable.from(chunks, { objectMode: false }), { isTTY: options.stdinIsTTY ?? false }) as unknown as InStream;
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.stdoutIsTTY ?? false, ...(options.columns === undefined ? {} : { columns: options.columns }) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.stderrIsTTY ?? false },
    stdin,
    env: options.env ?? {},
    onInterrupt(handler) {
      interrupts.add(handler);
      return () => interrupts.delete(handler);
    },
  };
  const opened: Array<{ apiUrl: string }> = [];
  const deps: ProgramDeps = {
    io,
    version: '1.2.3',
    loadActions: () => import('../src/actions/index'),
    openRuntime: async (runtimeOptions) => {
      opened.push({ apiUrl: runtimeOptions.apiUrl });
      return {
        container,
        apiUrl: runtimeOptions.apiUrl,
        forgetSession: () => void sessionsForgotten++,
        close: () => undefined,
      };
    },
  };
  return {
    fakes,
    container,
    opened,
    /** Runs `sortie <args…>` against the fake API at TEST_API and resolves the exit code. */
    run: (...args: string[]) => runCli(['--api', TEST_API, ...args], deps),
    /** Runs without the --api flag that `run` adds. */
    runBare: (...args: string[]) => runCli(args, deps),
    /** Ctrl-C. */
    interrupt: () => [...interrupts].forEach((handler) => handler()),
    get interruptHandlers() {
      return interrupts.size;
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get sessionsForgotten() {
      return sessionsForgotten;
    },
  };
}
