import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { registerJob } from '../jobs/runner';
import { announce, countRecipients, listAnnouncements, sendDue } from './announcements';

// Announcements for later go out within the minute their time comes.
registerJob('announcements', (ctx, { now }) => sendDue(ctx, now), { schedule: '* * * * *', label: 'Annonces programmées' });

/** Staff write to a place's or an organisation's followers, or to an event's participants. */
export function registerAnnouncementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  serve(app, OPERATIONS.announcementRecipients, async ({ query }) => ({ recipients: await countRecipients(ctx, query) }), staff);
  serve(app, OPERATIONS.announcements, async ({ query }) => ({ items: await listAnnouncements(ctx, query) }), staff);
  serve(app, OPERATIONS.announce, async ({ body }, { guard: user, reply }) => reply.status(201).send(await announce(ctx, body, user)), staff);
}
