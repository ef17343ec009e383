import type { z } from 'zod';
import { ValidationError } from '../domain/errors';

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
