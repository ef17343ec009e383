import type { FastifyReply } from 'fastify';

/**
 * Lets any site frame this answer: the embed pages only. Every other answer keeps helmet's
 * `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN` (web/delivery.ts), written as the
 * request came in and rewritten here.
 */
export function allowAnyFramer(reply: FastifyReply): FastifyReply {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
  return reply;
}
