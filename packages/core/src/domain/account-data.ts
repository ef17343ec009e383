import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';

/*
 * What a visitor may ask of the data Sortie keeps about them (RGPD articles 15, 17 and 20):
 * a copy of all of it (GET /api/me/export), and the deletion of their account (DELETE /api/me).
 */

/** A sign-in this recent confirms a deletion for an account without a password (Google, Apple, Firebase). */
export const FRESH_SIGN_IN_MINUTES = 5;

/** The name the export is downloaded under. */
export const ACCOUNT_EXPORT_FILENAME = 'sortie-mes-donnees.json';

/** What stands for a deleted person wherever a record of theirs must stay (a drawn raffle, the audit log). */
export const DELETED_ACCOUNT_LABEL = 'compte supprimé';

/** DELETE /api/me: the password confirms it; an account without one confirms by a fresh sign-in instead. */
export const DeleteAccountSchema = z.object({
  password: z.string().max(200, 'Mot de passe trop long.').optional(),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

/**
 * GET /api/me/export: every stored record about the visitor, by kind (each kind a list of rows
 * as stored, secrets such as password and token hashes left out).
 */
export const AccountExportSchema = z.looseObject({
  format: z.literal('sortie-export/1'),
  exportedAt: IsoDateTimeSchema,
  account: z.looseObject({ id: z.string(), email: z.string() }),
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
