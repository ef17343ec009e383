import { z } from 'zod';
import { emailIdentity, formAnswerEmail, FormEntryInputSchema, formEntryStep, FormSchema, formWindow, isEntryCode, isObjectId, ValidationError, validateAnswers, type WindowCode } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { Db, Row } from '../db/database';
import type { UserJson } from '../auth/users';
import { ConflictError, notFound } from '../http/errors';
import { isStaff } from '../auth/user-roles';
import { newId } from '../db/store';
import { randomEntryCode } from '../links/codes';
import { entrantOf, refusalOf } from '../raffles/fair-entries';
import { entryJson, FormEntryRow, type EntryJson } from '../raffles/entry-rows';
import { awardEarnedBadgesQuietly } from '../badges/badge-awards';
import { entriesCsv } from './entries-csv';

/** What a form's window code means to the visitor who posts an answer. */
const FORM_REFUSALS: Record<Exclude<WindowCode, 'open'>, () => ConflictError> = {
  not_open: () => new ConflictError('Ce formulaire n’est pas encore ouvert.', 'FORM_NOT_OPEN'),
  closed: () => new ConflictError('Ce formulaire est clos.', 'FORM_CLOSED'),
  full: () => new ConflictError('Ce formulaire a atteint son nombre maximal de réponses.', 'FORM_FULL'),
};
/** The form's record as its entries need it, checked by core's schema. */
const FormRecord = FormSchema.pick({ fields: true, opensAt: true, closesAt: true, maxEntries: true, entryCount: true, onePerPerson: true, requireVerified: true });
type FormRecord = z.infer<typeof FormRecord>;

type Answers = z.output<typeof FormEntryInputSchema>['answers'];

/** A page of entries as the staff list shows it: all of a form's, oldest first. */
export interface EntriesPage {
  meta: { total: number; limit: number; offset: number };
  items: EntryJson[];
}

/**
 * A form's entries (SPEC.md's forms): an answer posted while the form is open (its window, who may
 * answer, one per person), read back by its code, listed and exported for staff. The answer and
 * the form's count are written in one transaction, the form locked, so that its limit holds.
 */
export class FormEntryService {
  constructor(private readonly ctx: AppContext) {}

  /** The form's record, locked for update in `db` when asked; null when there is no such form. */
  private async form(id: string, options: { db?: Db; forUpdate?: boolean } = {}): Promise<FormRecord | null> {
    const row = await this.ctx.store.getRow('forms', id, options);
    return row ? FormRecord.parse(row.data) : null;
  }

  /** The form's stored row; 404 in French for an id that names none. */
  private async existing(id: string): Promise<Row> {
    const row = isObjectId(id) ? await this.ctx.store.getRow('forms', id) : null;
    if (!row) throw notFound('Formulaire introuvable.');
    return row;
  }

  /**
   * Stores `user`'s (or a visitor's) answers to the form `id`, with its entry code; refused in
   * French when the form is not open, reserved to others, the answers invalid, or the person
   * has answered already. The author's badges may follow.
   */
  async submit(id: string, answers: Answers, user: UserJson | null): Promise<EntryJson> {
    const entrant = await entrantOf(this.ctx, user);
    const entry = await this.ctx.db.transaction(async (tx) => {
      const data = await this.form(id, { db: tx, forUpdate: true });
      if (!data) throw notFound('Formulaire introuvable.');
      const window = formWindow(data, this.ctx.now());
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
      await this.ctx.store.bump('forms', id, 'entryCount', 1, tx);
      return entryJson(FormEntryRow.parse(row));
    });
    if (user) await awardEarnedBadgesQuietly(this.ctx, [user._id]);
    return entry;
  }

  /**
   * An entry read back by its code while the form is open; once closed, the answers are the
   * organiser's (staff) and their author's (signed in) only, as the entries' list is. `viewer`
   * is asked only then.
   */
  async byCode(id: string, code: string, viewer: () => Promise<UserJson | null>): Promise<EntryJson> {
    const [found] = isObjectId(id) && isEntryCode(code) ? await this.ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 AND entry_code = $2', [id, code]) : [];
    if (!found) throw notFound('Réponse introuvable.');
    const row = FormEntryRow.parse(found);
    const form = await this.form(id);
    if (form && formWindow(form, this.ctx.now()) === 'closed') {
      const user = await viewer();
      if (!isStaff(user) && (!user || user._id !== row.user_id)) throw notFound('Réponse introuvable.');
    }
    return entryJson(row);
  }

  private async rows(id: string): Promise<FormEntryRow[]> {
    const rows = await this.ctx.db.query('SELECT * FROM form_entries WHERE form_id = $1 ORDER BY created_at, id', [id]);
    return rows.map((row) => FormEntryRow.parse(row));
  }

  /** Every entry of the form, oldest first (staff). */
  async list(id: string): Promise<EntriesPage> {
    await this.existing(id);
    const rows = await this.rows(id);
    return { meta: { total: rows.length, limit: rows.length, offset: 0 }, items: rows.map(entryJson) };
  }

  /** The same entries as a spreadsheet (entries-csv.ts), one column per field of the form (staff). */
  async csv(id: string): Promise<string> {
    const { fields } = FormRecord.parse((await this.existing(id)).data);
    return entriesCsv(fields, await this.rows(id));
  }
}
