import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * The site's origin for absolute links (sitemaps, calendars): SORTIE_PUBLIC_URL when set, else
 * the host the request was sent to (behind a proxy, its X-Forwarded-Host and -Proto when
 * SORTIE_TRUST_PROXY=1).
 */
export function publicOrigin(config: Pick<ServerConfig, 'publicUrl'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = /^[A-Za-z0-9.:[\]-]{1,300}$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** The host name alone (no port), for identifiers such as a calendar event's UID. */
export const publicHost = (origin: string) => new URL(origin).hostname;
