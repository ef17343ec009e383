// Reading a value of unknown shape (what was thrown, a parsed JSON object) without a cast: its
// fields are only read once checked to be there.

/** Any object (an Error, a driver's error, a parsed JSON object), its fields to be checked before use. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A field of a value when it is an object (an Error, a driver's error…), else undefined. */
export function fieldOf(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

/** A thrown value's `code` (`ENOENT`, `EPERM`, a PostgreSQL SQLSTATE…), when it is a text. */
export function codeOf(error: unknown): string | undefined {
  const code = fieldOf(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

/** A thrown value's message: an Error's, or the value as text. */
export function messageOf(error: unknown): string {
  const message = fieldOf(error, 'message');
  return typeof message === 'string' ? message : String(error);
}
