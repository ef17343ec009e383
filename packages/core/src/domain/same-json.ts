/**
 * Equality of JSON values, whatever the order of an object's keys: a record stored in jsonb
 * comes back with its keys in the database's order. A key whose value is undefined is absent,
 * as JSON.stringify writes it; null is a value, so `{ a: null }` is not `{}`.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameJson(item, (b as unknown[])[i]));
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  return left.length === Object.values(right).filter((value) => value !== undefined).length && left.every(([key, value]) => key in right && sameJson(value, right[key]));
}
