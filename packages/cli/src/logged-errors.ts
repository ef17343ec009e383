/** A failure logged without an error object (a socket's connect_error message, for instance). */
export class LoggedFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoggedFailure';
  }
}

/**
 * The errors of an error-level log line. Use cases log `{ …, error }` objects or the error
 * itself; the CLI reads them back to explain a failure that was logged and swallowed. A line
 * with no error object still is a failure, kept as a LoggedFailure with its message.
 */
export function errorsOfLogLine(message: string, context: readonly unknown[]): unknown[] {
  const errors = context.flatMap((item) => {
    if (item instanceof Error) return [item];
    if (typeof item === 'object' && item !== null && 'error' in item) return [(item as { error: unknown }).error];
    return [];
  });
  if (errors.length > 0) return errors;
  const details = context.filter((item) => typeof item === 'string' || typeof item === 'number').join(' ');
  return [new LoggedFailure(details ? `${message} ${details}` : message)];
}
