import type { z } from 'zod';
import { ValidationError } from '../domain/errors';
import { isObjectId } from '../domain/ids';

/**
 * Parses input with a domain schema. A refusal becomes a ValidationError whose message is
 * the first issue's (French) message and whose `issues` list every field's message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ValidationError(issues[0]?.message ?? 'Saisie invalide.', issues);
}

/**
 * An id of the input (24 lowercase hex), or a ValidationError with ObjectIdSchema's message.
 * For the use cases that pages load on a click (like, follow, mark-read): checking one id
 * is no reason to load zod's schemas with the page.
 */
export function parseId(input: unknown, path = 'id'): string {
  if (isObjectId(input)) return input;
  const message = 'Identifiant invalide : 24 caractères hexadécimaux attendus.';
  throw new ValidationError(message, [{ path, message }]);
}
