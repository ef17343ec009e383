/**
 * The error inside a log line's context. Use cases log `{ …, error }` objects or the error
 * itself; the CLI reads them back to explain a failure the use case swallowed.
 */
export function errorsInLogContext(context: readonly unknown[]): unknown[] {
  return context.flatMap((item) => {
    if (item instanceof Error) return [item];
    if (typeof item === 'object' && item !== null && 'error' in item) return [(item as { error: unknown }).error];
    return [];
  });
}
