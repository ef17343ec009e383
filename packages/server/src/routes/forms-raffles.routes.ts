import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FormEntryInputSchema, isObjectId, RaffleEntryInputSchema, ValidationError, validateAnswers, type FormField } from '@sortie/core';
import type { AppContext } from '../http/context';
import { ConflictError, notFound, parse } from '../http/errors';
import { currentUser, requireRole } from '../http/session';
import { newId } from '../db/store';
import { randomEntryCode } from '../links/codes';
import { drawWinners, newSeed } from '../raffles/draw';

const IdParams = z.object({ id: z.string() });
const EntryParams = z.object({ id: z.string(), code: z.string() });
const iso = (v: unknown) => new Date(v as string).toISOString();

const entryJson = (row: Record<string, unknown>) => ({ _id: row.id, ...(row.data as object), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });

const csvCell = (value: unknown) => {
  const text = value === undefined || value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Form entries (submit → entryCode, read back by code, staff list and CSV) and raffles (enter, commit, draw). */
export function registerFormAndRaffleRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/forms/:id/entries', async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Formulaire introuvable.');
    const { answers } = parse(FormEntryInputSchema, request.body ?? {});
    const user = await currentUser(ctx, request);
    const entry = await ctx.db.transaction(async (tx) => {
      const form = await ctx.store.getRow('forms', id, { db: tx, forUpdate: true });
      if (!form) throw notFound('Formulaire introuvable.');
      const data = form.data as { fields?: FormField[]; opensAt?: string; closesAt?: string; maxEntries?: number; entryCount?: number };
      const now = ctx.now();
      if (data.opensAt && Date.parse(data.opensAt) > now) throw new ConflictError('Ce formulaire n’est pas encore ouvert.', 'FORM_NOT_OPEN');
      if (data.closesAt && Date.parse(data.closesAt) <= now) throw new ConflictError('Ce formulaire est clos.', 'FORM_CLOSED');
      if (data.maxEntries && (data.entryCount ?? 0) >= data.maxEntries) throw new ConflictError('Ce formulaire a atteint son nombre maximal de réponses.', 'FORM_FULL');
      const errors = validateAnswers(data.fields ?? [], answers);
      const issues = Object.entries(errors).map(([path, message]) => ({ path: `answers.${path}`, message }));
      if (issues.length) throw new ValidationError(`Réponses invalides : ${issues[0]!.message}`, issues);
      const record = { formId: id, entryCode: randomEntryCode(), answers, ...(user ? { userId: user._id } : {}) };
      const [row] = await tx.query('INSERT INTO form_entries (id, form_id, entry_code, user_id, data) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
        newId(), id, record.entryCode, user?._id ?? null, JSON.stringify(record),
      ]);
      await ctx.store.bump('forms', id, 'entryCount', 1, tx);
      return entryJson(row!);
    });
    return reply.status(201).send(entry);
  });

  app.get('/api/forms/:id/entries/:code', async (request) => {
    const { id, code } = parse(EntryParams, request.params);
    const [row] = isObjectId(id) && /^[A-Za-z0-9_-]{4,64}$/.test(code) ? await ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 AND entry_code = $2', [id, code]) : [];
    if (!row) throw notFound('Réponse introuvable.');
    return entryJson(row);
  });

  const entriesOf = async (id: string) => {
    if (!isObjectId(id) || !(await ctx.store.getRow('forms', id))) throw notFound('Formulaire introuvable.');
    return ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 ORDER BY created_at, id', [id]);
  };

  app.get('/api/forms/:id/entries', async (request) => {
    await requireRole(ctx, request, 'staff');
    const rows = await entriesOf(parse(IdParams, request.params).id);
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map(entryJson) };
  });

  app.get('/api/forms/:id/entries.csv', async (request, reply) => {
    await requireRole(ctx, request, 'staff');
    const { id } = parse(IdParams, request.params);
    const rows = await entriesOf(id);
    const form = await ctx.store.get('forms', id);
    const fields = (form?.fields as FormField[] | undefined) ?? [];
    const header = ['entryCode', 'createdAt', ...fields.map((f) => f.label)];
    const lines = rows.map((row) => {
      const answers = (row.data as { answers: Record<string, unknown> }).answers;
      return [row.entry_code, iso(row.created_at), ...fields.map((f) => answers[f.key])].map(csvCell).join(';');
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reponses-${id}.csv"`)
      .send(`\uFEFF${[header.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`);
  });

  app.post('/api/raffles/:id/entries', async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const input = parse(RaffleEntryInputSchema, request.body ?? {});
    const user = await currentUser(ctx, request);
    const entrant = user?._id ?? input.email;
    if (!entrant) throw new ValidationError('Indiquez votre e-mail pour participer.', [{ path: 'email', message: 'Adresse e-mail requise sans connexion.' }]);
    const entry = await ctx.db.transaction(async (tx) => {
      const raffle = await ctx.store.getRow('raffles', id, { db: tx, forUpdate: true });
      if (!raffle) throw notFound('Tombola introuvable.');
      const data = raffle.data as { status: string; opensAt: string; closesAt: string };
      const now = ctx.now();
      if (data.status !== 'open' || Date.parse(data.opensAt) > now || Date.parse(data.closesAt) <= now) throw new ConflictError('Cette tombola n’accepte pas de participation en ce moment.', 'RAFFLE_CLOSED');
      const record = { raffleId: id, name: input.name, ...(input.email ? { email: input.email } : {}), ...(user ? { userId: user._id } : {}) };
      const rows = await tx.query('INSERT INTO raffle_entries (id, raffle_id, entrant, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING *', [newId(), id, entrant, JSON.stringify(record)]);
      if (!rows.length) throw new ConflictError('Vous participez déjà à cette tombola.', 'ALREADY_ENTERED');
      await ctx.store.bump('raffles', id, 'entryCount', 1, tx);
      const { email: _email, ...shown } = entryJson(rows[0]!) as Record<string, unknown>;
      return shown;
    });
    return reply.status(201).send(entry);
  });

  app.get('/api/raffles/:id/entries', async (request) => {
    await requireRole(ctx, request, 'staff');
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const rows = await ctx.db.query('SELECT * FROM raffle_entries WHERE raffle_id = $1 ORDER BY id', [id]);
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map(entryJson) };
  });

  // Step 1 of a verifiable draw: the seed's hash is published (the seed stays secret).
  app.post('/api/raffles/:id/commit', async (request) => {
    await requireRole(ctx, request, 'staff');
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    return ctx.db.transaction(async (tx) => {
      const raffle = await ctx.store.getRow('raffles', id, { db: tx, forUpdate: true });
      if (!raffle) throw notFound('Tombola introuvable.');
      const data = raffle.data as Record<string, unknown> & { draw?: { seed: string | null } | null };
      if (data.draw?.seed) throw new ConflictError('Le tirage a déjà eu lieu.', 'ALREADY_DRAWN');
      const { seed, seedHash } = newSeed();
      await tx.query('UPDATE raffles SET seed = $2 WHERE id = $1', [id, seed]);
      return ctx.store.replace('raffles', id, { ...data, draw: { seedHash, seed: null, drawnAt: null, winners: [] } }, tx);
    });
  });

  // Step 2: winners drawn with the committed seed, which is then revealed.
  app.post('/api/raffles/:id/draw', async (request) => {
    await requireRole(ctx, request, 'staff');
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    return ctx.db.transaction(async (tx) => {
      const raffle = await ctx.store.getRow('raffles', id, { db: tx, forUpdate: true });
      if (!raffle) throw notFound('Tombola introuvable.');
      const data = raffle.data as Record<string, unknown> & { prizes: Array<{ name: string; quantity: number }>; draw?: { seedHash: string; seed: string | null } | null };
      if (!data.draw || !raffle.seed) throw new ConflictError('Publiez d’abord l’empreinte du tirage (commit).', 'NOT_COMMITTED');
      if (data.draw.seed) throw new ConflictError('Le tirage a déjà eu lieu.', 'ALREADY_DRAWN');
      const seed = raffle.seed as string;
      const entries = await tx.query('SELECT id, data FROM raffle_entries WHERE raffle_id = $1 ORDER BY id', [id]);
      const winners = drawWinners(seed, entries.map((e) => ({ entryId: e.id as string, name: (e.data as { name: string }).name })), data.prizes ?? []);
      return ctx.store.replace('raffles', id, { ...data, status: 'drawn', draw: { seedHash: data.draw.seedHash, seed, drawnAt: new Date(ctx.now()).toISOString(), winners } }, tx);
    });
  });
}
