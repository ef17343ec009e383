import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailIdentity, ENTRY_CONFIRMATION_TTL_MS, formAnswerEmail, FormEntryInputSchema, FormEntrySchema, formEntryStep, FormSchema, formWindow, isEntryCode, isObjectId, OPERATIONS, RaffleEntryInputSchema, raffleEntryPolicyOf, raffleEntryStep, ValidationError, validateAnswers, type WindowCode } from '@sortie/core';
import type { AppContext } from '../http/context';
import { ConflictError, notFound, parse } from '../http/errors';
import { currentUser, requireRole, requireUser } from '../http/session';
import { isStaff } from '../auth/user-roles';
import { serve, serveUnparsed } from '../http/serve';
import { newId } from '../db/store';
import { randomEntryCode } from '../links/codes';
import { RaffleDrawService } from '../raffles/raffle-draw.service';
import { actorOf } from '../audit/audit-log';
import { confirmationHash, entrantOf, limitEntries, mailRaffleConfirmation, newConfirmationToken, refusalOf } from '../raffles/fair-entries';
import { awardEarnedBadgesQuietly } from '../badges/badge-awards';

const IdParams = z.object({ id: z.string() });
const iso = (v: unknown) => new Date(z.union([z.string(), z.date()]).parse(v)).toISOString();

/** What a form's window code means to the visitor who posts an answer. */
const FORM_REFUSALS: Record<Exclude<WindowCode, 'open'>, () => ConflictError> = {
  not_open: () => new ConflictError('Ce formulaire n’est pas encore ouvert.', 'FORM_NOT_OPEN'),
  closed: () => new ConflictError('Ce formulaire est clos.', 'FORM_CLOSED'),
  full: () => new ConflictError('Ce formulaire a atteint son nombre maximal de réponses.', 'FORM_FULL'),
};
const FormRecord = FormSchema.pick({ fields: true, opensAt: true, closesAt: true, maxEntries: true, entryCount: true, onePerPerson: true, requireVerified: true });

/** A stored entry (form or raffle) as the API shows it; its record is checked to be an object, the routes' schemas checked it on the way in. */
const EntryRecord = z.record(z.string(), z.unknown());
const entryJson = (row: Record<string, unknown>): Record<string, unknown> => ({ _id: row.id, ...EntryRecord.parse(row.data), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });
const FormAnswers = FormEntrySchema.pick({ answers: true });
/** A raffle entry as the API shows it: never its e-mail, and whether it counts yet (a pending one waits for its link). */
const raffleEntryJson = (row: Record<string, unknown>): Record<string, unknown> => {
  const { email: _email, ...shown } = entryJson(row);
  return { ...shown, confirmed: row.confirmed_at != null };
};

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
  serveUnparsed(app, OPERATIONS.submitFormEntry, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Formulaire introuvable.');
    await limitEntries(ctx, request, reply, `form:${id}`);
    const { answers } = parse(FormEntryInputSchema, request.body ?? {});
    const user = await currentUser(ctx, request);
    const entrant = await entrantOf(ctx, user);
    const entry = await ctx.db.transaction(async (tx) => {
      const form = await ctx.store.getRow('forms', id, { db: tx, forUpdate: true });
      if (!form) throw notFound('Formulaire introuvable.');
      const data = FormRecord.parse(form.data);
      const window = formWindow(data, ctx.now());
      if (window !== 'open') throw FORM_REFUSALS[window]();
      const refusal = refusalOf(formEntryStep(data, entrant), 'form');
      if (refusal) throw refusal;
      const errors = validateAnswers(data.fields, answers);
      const issues = Object.entries(errors).map(([path, message]) => ({ path: `answers.${path}`, message }));
      if (issues.length) throw new ValidationError(`Réponses invalides : ${issues[0]!.message}`, issues);
      const record = { formId: id, entryCode: randomEntryCode(), answers, ...(user ? { userId: user._id } : {}) };
      // One answer per person: the account, and the e-mail (the account's, or the one answered), each unique per form.
      const email = data.onePerPerson ? (user?.email ?? formAnswerEmail(data.fields, answers)) : null;
      const [row] = await tx.query(
        'INSERT INTO form_entries (id, form_id, entry_code, user_id, data, email_key, user_key) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING *',
        [newId(), id, record.entryCode, user?._id ?? null, JSON.stringify(record), email ? emailIdentity(email) : null, data.onePerPerson ? (user?._id ?? null) : null],
      );
      if (!row) throw new ConflictError('Vous avez déjà répondu à ce formulaire.', 'ALREADY_ANSWERED');
      await ctx.store.bump('forms', id, 'entryCount', 1, tx);
      return entryJson(row);
    });
    if (user) await awardEarnedBadgesQuietly(ctx, [user._id]);
    return reply.status(201).send(entry);
  });

  serve(app, OPERATIONS.formEntry, async ({ path: { id, code } }, { request }) => {
    const [row] = isObjectId(id) && isEntryCode(code) ? await ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 AND entry_code = $2', [id, code]) : [];
    if (!row) throw notFound('Réponse introuvable.');
    // Read back by its code while the form is open; once closed, the answers are the organiser's
    // (staff) and their author's (signed in) only, as the entries' list is.
    const form = await ctx.store.getRow('forms', id);
    if (form && formWindow(FormRecord.parse(form.data), ctx.now()) === 'closed') {
      const viewer = await currentUser(ctx, request);
      if (!isStaff(viewer) && (!viewer || viewer._id !== row.user_id)) throw notFound('Réponse introuvable.');
    }
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

  serveUnparsed(app, OPERATIONS.enterRaffle, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    await limitEntries(ctx, request, reply, `raffle:${id}`);
    const input = parse(RaffleEntryInputSchema, request.body ?? {});
    const user = await currentUser(ctx, request);
    const entrant = await entrantOf(ctx, user);
    // A signed-in entrant is their account, and its address; a visitor is the address they give.
    const email = user?.email ?? input.email;
    if (!email) throw new ValidationError('Indiquez votre e-mail pour participer.', [{ path: 'email', message: 'Adresse e-mail requise sans connexion.' }]);
    const emailKey = emailIdentity(email);
    let confirmation: { token: string; expiresAt: number; title: string } | null = null;
    const { entry, counted } = await raffles.enter(id, async (tx, raffle) => {
      const step = raffleEntryStep(raffleEntryPolicyOf(raffle), entrant);
      const refusal = refusalOf(step, 'raffle');
      if (refusal) throw refusal;
      const now = ctx.now();
      const counted = step === 'counted';
      // A link never outlives the close: the entry list is frozen then.
      const expiresAt = Math.min(now + ENTRY_CONFIRMATION_TTL_MS, Date.parse(raffle.closesAt));
      const link = counted ? null : newConfirmationToken();
      // A pending entry whose link expired frees its address for a new try.
      await tx.query('DELETE FROM raffle_entries WHERE raffle_id = $1 AND email_key = $2 AND confirmed_at IS NULL AND confirm_expires_at <= $3', [id, emailKey, new Date(now).toISOString()]);
      const record = { raffleId: id, name: input.name, ...(!user && input.email ? { email: input.email } : {}), ...(user ? { userId: user._id } : {}) };
      const [row] = await tx.query(
        `INSERT INTO raffle_entries (id, raffle_id, entrant, data, email_key, user_key, confirmed_at, confirm_token_hash, confirm_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`,
        [newId(), id, user?._id ?? emailKey, JSON.stringify(record), emailKey, user?._id ?? null, counted ? new Date(now).toISOString() : null, link?.hash ?? null, link ? new Date(expiresAt).toISOString() : null],
      );
      if (!row) {
        const [pending] = await tx.query('SELECT 1 FROM raffle_entries WHERE raffle_id = $1 AND confirmed_at IS NULL AND (email_key = $2 OR user_key = $3)', [id, emailKey, user?._id ?? null]);
        if (pending) throw new ConflictError('Vous participez déjà à ce tirage : ouvrez le lien de confirmation reçu par e-mail pour que votre participation compte.', 'ENTRY_PENDING');
        return null;
      }
      if (link) confirmation = { token: link.token, expiresAt, title: raffle.title };
      return { entry: raffleEntryJson(row), counted };
    });
    // Mailed once the entry is stored: a link never names an entry that a rollback undid.
    const sent = confirmation as { token: string; expiresAt: number; title: string } | null;
    if (sent) await mailRaffleConfirmation(ctx, { to: email, userId: user?._id ?? null, name: input.name, raffleId: id, title: sent.title, token: sent.token, expiresAt: sent.expiresAt });
    if (!counted) return reply.status(202).send(entry);
    if (user) await awardEarnedBadgesQuietly(ctx, [user._id]);
    return reply.status(201).send(entry);
  });

  serve(app, OPERATIONS.confirmRaffleEntry, async ({ path: { id }, body: { token } }) => {
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const confirmed = await raffles.confirm(id, confirmationHash(token));
    // A signed-in entrant's entry counts from now: their badges may follow.
    if (typeof confirmed.user_key === 'string') await awardEarnedBadgesQuietly(ctx, [confirmed.user_key]);
    return raffleEntryJson(confirmed);
  });

  // The visitor's own entry: by their account, or by their address once it is proven (an entry made before signing in).
  serve(app, OPERATIONS.myRaffleEntry, async ({ path: { id } }, { guard: user }) => {
    if (!isObjectId(id) || !(await ctx.store.getRow('raffles', id))) throw notFound('Tombola introuvable.');
    const emailKey = user.emailVerified ? emailIdentity(user.email) : null;
    const [row] = await ctx.db.query('SELECT * FROM raffle_entries WHERE raffle_id = $1 AND (user_key = $2 OR email_key = $3) ORDER BY confirmed_at NULLS LAST, id LIMIT 1', [id, user._id, emailKey]);
    if (!row) return { entry: null };
    const shown = raffleEntryJson(row);
    return { entry: { _id: String(shown._id), name: String(shown['name'] ?? ''), confirmed: shown['confirmed'] === true, createdAt: String(shown['createdAt']) } };
  }, { guard: (request: FastifyRequest) => requireUser(ctx, request) });

  serve(app, OPERATIONS.raffleEntries, async ({ path: { id } }) => {
    if (!isObjectId(id)) throw notFound('Tombola introuvable.');
    const rows = await ctx.db.query('SELECT * FROM raffle_entries WHERE raffle_id = $1 ORDER BY id', [id]);
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map((row) => ({ ...entryJson(row), confirmed: row.confirmed_at != null })) };
  }, staff);

  // Step 1 of a verifiable draw: the seed's hash is published (the seed stays secret). Once only.
  serve(app, OPERATIONS.commitRaffle, async ({ path: { id } }, { guard: user }) => raffles.commit(id, actorOf(user)), staff);

  // Step 2, a separate action after the close: winners drawn with the committed seed, which is then revealed.
  serve(app, OPERATIONS.drawRaffle, async ({ path: { id } }, { guard: user }) => raffles.draw(id, actorOf(user)), staff);
}
