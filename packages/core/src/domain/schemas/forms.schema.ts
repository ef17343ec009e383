import { z } from 'zod';
import { ENTRY_CODE_PATTERN } from '../ids';
import { EntityMeta, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';

export const FIELD_TYPES = ['text', 'email', 'number', 'select', 'checkbox', 'date', 'textarea'] as const;
export const FormFieldSchema = z
  .object({
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'Clé invalide (lettres, chiffres, _).'),
    label: NonEmpty('Le libellé'),
    type: z.enum(FIELD_TYPES),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .refine((f) => f.type !== 'select' || f.options.length > 0, { message: 'Une liste déroulante a besoin d’options.', path: ['options'] });
export type FormField = z.infer<typeof FormFieldSchema>;

const uniqueKeys = (fields: { key: string }[]) => new Set(fields.map((f) => f.key)).size === fields.length;
const FieldsSchema = z.array(FormFieldSchema).max(100).refine(uniqueKeys, 'Chaque champ doit avoir une clé unique.');

export const FormTemplateInputSchema = z.object({ name: NonEmpty('Le nom'), fields: FieldsSchema.default([]) });
export const FormTemplateSchema = FormTemplateInputSchema.extend(EntityMeta);
export type FormTemplate = z.infer<typeof FormTemplateSchema>;

export const FormInputSchema = z.object({
  title: NonEmpty('Le titre'),
  description: z.string().max(20_000).default(''),
  templateId: ObjectIdSchema.optional(),
  /** The event (or the venue) it belongs to: the event's page links to it. */
  eventId: ObjectIdSchema.optional(),
  placeId: ObjectIdSchema.optional(),
  fields: FieldsSchema.default([]),
  opensAt: IsoDateTimeSchema.optional(),
  closesAt: IsoDateTimeSchema.optional(),
  maxEntries: z.number().int().min(1).optional(),
  /** One answer per person: per account, and per e-mail (core's emailIdentity) for visitors. */
  onePerPerson: z.boolean().default(false),
  /** Answers only from signed-in accounts whose e-mail is verified. */
  requireVerified: z.boolean().default(false),
});
export const FormSchema = FormInputSchema.extend({ ...EntityMeta, entryCount: z.number().int().min(0).default(0) });
export type Form = z.infer<typeof FormSchema>;

export const AnswerValueSchema = z.union([z.string().max(10_000), z.number(), z.boolean()]);
export const FormEntryInputSchema = z.object({ answers: z.record(z.string().max(40), AnswerValueSchema) });
export const FormEntrySchema = z.object({
  ...EntityMeta,
  formId: ObjectIdSchema,
  /** Short, unguessable and unique: the visitor's receipt. */
  entryCode: z.string().regex(ENTRY_CODE_PATTERN),
  answers: z.record(z.string(), AnswerValueSchema),
  userId: ObjectIdSchema.optional(),
});
export type FormEntry = z.infer<typeof FormEntrySchema>;

/**
 * Checks a submission against a form's fields, with French messages per field key.
 * Shared by the web form (instant feedback) and the server (the rule that counts).
 */
export function validateAnswers(fields: readonly FormField[], answers: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = answers[field.key];
    const empty = value === undefined || value === null || value === '' || (field.type === 'checkbox' && value === false);
    if (empty) {
      if (field.required) errors[field.key] = `« ${field.label} » est obligatoire.`;
      continue;
    }
    const text = String(value);
    switch (field.type) {
      case 'email':
        if (!z.email().safeParse(text).success) errors[field.key] = 'Adresse e-mail invalide.';
        break;
      case 'number':
        if (text.trim() === '' || !Number.isFinite(Number(text))) errors[field.key] = 'Nombre attendu.';
        break;
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) errors[field.key] = 'Date attendue (AAAA-MM-JJ).';
        break;
      case 'select':
        if (!field.options.includes(text)) errors[field.key] = 'Choisissez une des options proposées.';
        break;
      case 'checkbox':
        if (typeof value !== 'boolean') errors[field.key] = 'Case à cocher attendue.';
        break;
      default:
        if (text.length > (field.type === 'textarea' ? 10_000 : 500)) errors[field.key] = 'Réponse trop longue.';
    }
  }
  for (const key of Object.keys(answers)) {
    if (!fields.some((f) => f.key === key)) errors[key] = 'Champ inconnu.';
  }
  return errors;
}
