import { CommanderError } from 'commander';
import { CommandFailure, UsageError } from './cli-errors';
import { processIo, type Io } from './io';
import { createProgram, type ProgramDeps } from './program';

declare const SORTIE_VERSION: string | undefined;

/** Runs one command line and resolves its exit code: 0 success, 1 failure, 2 usage. */
export async function runCli(args: readonly string[], deps: ProgramDeps): Promise<number> {
  const { io } = deps;
  const program = createProgram(deps);
  const json = args.includes('--json');
  const report = (code: string, message: string) => {
    // In --json mode stdout stays one JSON document, the failure included.
    if (json) io.stdout.write(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
  };
  try {
    await program.parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help, --version and `sortie help …` end with exit code 0; everything else is a usage error.
      if (error.exitCode === 0) return 0;
      // Commander already printed its (translated) message and the help hint.
      report('USAGE', error.message);
      return 2;
    }
    if (error instanceof UsageError || error instanceof CommandFailure) {
      io.stderr.write(`${error.message}\n`);
      if (error instanceof UsageError) io.stderr.write('(sortie --help affiche l’aide)\n');
      report(error.code, error.message);
      return error.exitCode;
    }
    const message = `Erreur inattendue : ${error instanceof Error ? error.message : String(error)}`;
    io.stderr.write(`${message}\n`);
    report('UNEXPECTED', message);
    return 1;
  }
}

/** The production wiring: the process's streams and the node adapters. */
export function nodeDeps(io: Io = processIo()): ProgramDeps {
  return {
    io,
    version: typeof SORTIE_VERSION === 'string' ? SORTIE_VERSION : '0.0.0',
    loadActions: () => import('./actions/index'),
    openRuntime: async (options, out) => (await import('./node-runtime')).openNodeRuntime(options, out),
  };
}

/** Entry point of bin/sortie.mjs. */
export async function main(argv: readonly string[] = process.argv): Promise<void> {
  const code = await runCli(argv.slice(2), nodeDeps());
  // Sockets and keep-alive connections must not hold the process once the command is over.
  process.exit(code);
}
