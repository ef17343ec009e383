/**
 * The two ways a command ends badly. Both carry a French message meant for the user;
 * the entry point prints it on stderr and exits with the code.
 */
export class UsageError extends Error {
  readonly exitCode = 2;
  readonly code = 'USAGE';

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command that ran and failed: the server refused, was unreachable, or answered nothing. */
export class CommandFailure extends Error {
  readonly exitCode = 1;

  constructor(
    message: string,
    readonly code = 'FAILED',
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CommandFailure';
  }
}
