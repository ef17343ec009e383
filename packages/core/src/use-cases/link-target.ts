import { LinkNotFoundError } from '../domain/errors';
import { HttpUrlSchema } from '../domain/schemas/common.schema';
import { UserAgentSchema } from '../domain/schemas/links.schema';

/** The url a link resolved to, if it is an http(s) address; anything else (javascript:, none) is refused. */
export function externalTarget(link: { url?: unknown } | null | undefined): string {
  const parsed = HttpUrlSchema.safeParse(link?.url);
  if (!parsed.success) throw new LinkNotFoundError('Lien sans adresse http(s) valide');
  return parsed.data;
}

/** A user agent as the API accepts it: long ones are cut rather than refused. */
export function userAgentOf(navigator: { userAgent(): string }): string {
  const maxLength = UserAgentSchema.maxLength ?? 1000;
  return navigator.userAgent().slice(0, maxLength);
}
