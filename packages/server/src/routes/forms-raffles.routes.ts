import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FormEntryInputSchema, FormEntrySchema, FormSchema, formWindow, isEntryCode, isObjectId, OPERATIONS, RaffleEntryInputSchema, ValidationError, validateAnswers, type WindowCode } from '@sortie/core';
import type { AppContext } from '../http/context';
import { ConflictError, notFound, parse } from '../http/errors';
import { currentUser, requireRole } from '../http/session';
import { serve } from '../http/serve';
import { newId } from '../db/store';
import { randomEntryCode } from '../links/codes';
import { RaffleDrawService } from '../raffles/raffle-draw.service';
import { awardEarnedBadgesQuietly } from '../badges/badge-awards';

const IdParams = z.object({ id: z.string() });
const iso = (v: unknown) => new Date(z.union([z.string(), z.date()]).parse(v)).toISOString();

/** What a form's window code means to the visitor who posts an answer. */
const FORM_REFUSALS: Record<Exclude<WindowCode, 'open'>, () => ConflictError> = {
  not_open: () => new ConflictError('Ce formulaire n’est pas encore ouvert.', 'FORM_NOT_OPEN'),
  closed: () => new ConflictError('Ce formulaire est clos.', 'FORM_CLOSED'),
  full: () => new ConflictError('Ce formulaire a atteint son nombre maximal de réponses.', 'FORM_FULL'),
};
const FormRecord = FormSchema.pick({ fields: true, opensAt: true, closesAt: true, maxEntries: true, entryCount: true });

/** A stored entry (form or raffle) as the API shows it; its record is checked to be an object, the routes' schemas checked it on the way in. */
const EntryRecord = z.record(z.string(), z.unknown());
const entryJson = (row: Record<string, unknown>): Record<string, unknown> => ({ _id: row.id, ...EntryRecord.parse(row.data), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });
const FormAnswers = FormEntrySchema.pick({ answers: true });

const csvCell = (value: unknown) => {
  const text = value === undefined || value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Form entries (submit → entryCode, read back by code, staff list and CSV) and raffles (enter, commit, draw). */
export function registerFormAndRaffleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const raffles = new RaffleDrawService(ctx);
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  app.post('/api/forms/:id/entries', async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Formulaire introuvable.');
    const { answers } = parse(FormEntryInputSchema, request.body ?? {});
    const user = await currentUser(ctx, request);
    const entry = await ctx.db.transaction(async (tx) => {
      const form = await ctx.store.getRow('forms', id, { db: tx, forUpdate: true });
      if (!form) throw notFound('Formulaire introuvable.');
      const data = FormRecord.parse(form.data);
      const window = formWindow(data, ctx.now());
      if (window !== 'open') throw FORM_REFUSALS[window]();
      const errors = validateAnswers(data.fields, answers);
      const issues = Object.entries(errors).map(([path, message]) => ({ path: `answers.${path}`, message }));
      if (issues.length) throw new ValidationError(`Réponses invalides : ${issues[0]!.message}`, issues);
      const record = { formId: id, entryCode: randomEntryCode(), answers, ...(user ? { userId: user._id } : {}) };
      const [row] = await tx.query('INSERT INTO form_entries (id, form_id, entry_code, user_id, data) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
        newId(), id, record.entryCode, user?._id ?? null, JSON.stringify(record),
      ]);
      await ctx.store.bump('forms', id, 'entryCount', 1, tx);
      return entryJson(row!);
    });
    if (user) await awardEarnedBadgesQuietly(ctx, [user._id]);
    return reply.status(201).send(entry);
  });

  serve(app, OPERATIONS.formEntry, async ({ path: { id, code } }) => {
    const [row] = isObjectId(id) && isEntryCode(code) ? await ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 AND entry_code = $2', [id, code]) : [];
    if (!row) throw notFound('Réponse introuvable.');
    return entryJson(row);
  });

  const entriesOf = async (id: string) => {
    if (!isObjectId(id) || !(await ctx.store.getRow('forms', id))) throw notFound('Formulaire introuvable.');
    return ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 ORDER BY created_at, id', [id]);
  };

  serve(app, OPERATIONS.formEntries, async ({ path: { id } }) => {
    const rows = await entriesOf(id);
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map(entryJson) };
  }, staff);

  serve(app, OPERATIONS.formEntriesCsv, async ({ path: { id } }, { reply }) => {
    const rows = await entriesOf(id);
    const form = await ctx.store.get('forms', id);
    const fields = form ? FormRecord.parse(form).fields : [];
    const header = ['entryCode', 'createdAt', ...fields.map((f) => f.label)];
    const lines = rows.map((row) => {
      const { answers } = FormAnswers.parse(row.data);
      return [row.entry_code, iso(row.created_at), ...fields.map((f) => answers[f.key])].map(csvCell).join(';');
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reponses-${id}.csv"`)
      .send(`\uFEFF${[header.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`);
  }, staff);

  app.post('/api/raffles/:id/entries', async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const input = parse(RaffleEntryInputSchema, request.body ?? {});
    const user = await currentUser(ctx, request);
    const entrant = user?._id ?? input.email;
    if (!entrant) throw new ValidationError('Indiquez votre e-mail pour participer.', [{ path: 'email', message: 'Adresse e-mail requise sans connexion.' }]);
    const entry = await raffles.enter(id, async (tx) => {
      const record = { raffleId: id, name: input.name, ...(input.email ? { email: input.email } : {}), ...(user ? { userId: user._id } : {}) };
      const rows = await tx.query('INSERT INTO raffle_entries (id, raffle_id, entrant, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING *', [newId(), id, entrant, JSON.stringify(record)]);
      if (!rows.length) return null;
      const { email: _email, ...shown } = entryJson(rows[0]!);
      return shown;
    });
    if (user) await awardEarnedBadgesQuietly(ctx, [user._id]);
    return reply.status(201).send(entry);
  });

  serve(app, OPERATIONS.raffleEntries, async ({ path: { id } }) => {
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const rows = await ctx.db.query('SELECT * FROM raffle_entries WHERE raffle_id = $1 ORDER BY id', [id]);
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map(entryJson) };
  }, staff);

  // Step 1 of a verifiable draw: the seed's hash is published (the seed stays secret). Once only.
  serve(app, OPERATIONS.commitRaffle, async ({ path: { id } }) => raffles.commit(id), staff);

  // Step 2, a separate action after the close: winners drawn with the committed seed, which is then revealed.
  serve(app, OPERATIONS.drawRaffle, async ({ path: { id } }) => raffles.draw(id), staff);
}
