import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FormEntryInputSchema, isObjectId, OPERATIONS, RaffleEntryInputSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { currentUser, requireRole, requireUser } from '../http/session';
import { serve, serveUnparsed } from '../http/serve';
import { RaffleDrawService } from '../raffles/raffle-draw.service';
import { RaffleEntryService } from '../raffles/raffle-entries.service';
import { FormEntryService } from '../forms/form-entries.service';
import { actorOf } from '../audit/audit-log';
import { limitEntries } from '../raffles/fair-entries';

const IdParams = z.object({ id: z.string() });

/** Form entries (submit → entryCode, read back by code, staff list and CSV) and raffles (enter, commit, draw). */
export function registerFormAndRaffleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const forms = new FormEntryService(ctx);
  const raffles = new RaffleDrawService(ctx);
  const entries = new RaffleEntryService(ctx, raffles);
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };

  // Parsed here in this order: an unknown id's 404 first, then the rate limit, then the body's 400.
  serveUnparsed(app, OPERATIONS.submitFormEntry, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Formulaire introuvable.');
    await limitEntries(ctx, request, reply, `form:${id}`);
    const { answers } = parse(FormEntryInputSchema, request.body ?? {});
    const entry = await forms.submit(id, answers, await currentUser(ctx, request));
    return reply.status(201).send(entry);
  });

  serve(app, OPERATIONS.formEntry, async ({ path: { id, code } }, { request }) => forms.byCode(id, code, () => currentUser(ctx, request)));

  serve(app, OPERATIONS.formEntries, async ({ path: { id } }) => forms.list(id), staff);

  serve(app, OPERATIONS.formEntriesCsv, async ({ path: { id } }, { reply }) => {
    const csv = await forms.csv(id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reponses-${id}.csv"`)
      .send(csv);
  }, staff);

  serveUnparsed(app, OPERATIONS.enterRaffle, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    await limitEntries(ctx, request, reply, `raffle:${id}`);
    const input = parse(RaffleEntryInputSchema, request.body ?? {});
    const { entry, counted } = await entries.enter(id, input, await currentUser(ctx, request));
    // A pending entry waits for its e-mail link: accepted, not yet counted.
    return reply.status(counted ? 201 : 202).send(entry);
  });

  serve(app, OPERATIONS.confirmRaffleEntry, async ({ path: { id }, body: { token } }) => entries.confirm(id, token));

  serve(app, OPERATIONS.myRaffleEntry, async ({ path: { id } }, { guard: user }) => entries.mine(id, user), { guard: (request: FastifyRequest) => requireUser(ctx, request) });

  serve(app, OPERATIONS.raffleEntries, async ({ path: { id } }) => entries.list(id), staff);

  // Step 1 of a verifiable draw: the seed's hash is published (the seed stays secret). Once only.
  serve(app, OPERATIONS.commitRaffle, async ({ path: { id } }, { guard: user }) => raffles.commit(id, actorOf(user)), staff);

  // Step 2, a separate action after the close: winners drawn with the committed seed, which is then revealed.
  serve(app, OPERATIONS.drawRaffle, async ({ path: { id } }, { guard: user }) => raffles.draw(id, actorOf(user)), staff);
}
