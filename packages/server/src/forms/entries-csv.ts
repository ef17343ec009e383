import { FormEntrySchema, type FormField } from '@sortie/core';
import { iso, type FormEntryRow } from '../raffles/entry-rows';

const FormAnswers = FormEntrySchema.pick({ answers: true });

const csvCell = (value: unknown) => {
  const text = value === undefined || value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * A form's entries as the organiser's spreadsheet opens them: a BOM (so that Excel reads UTF-8),
 * `;` between cells, CRLF lines; the code and date of each entry, then one column per field.
 */
export function entriesCsv(fields: readonly FormField[], rows: readonly FormEntryRow[]): string {
  const header = ['entryCode', 'createdAt', ...fields.map((f) => f.label)];
  const lines = rows.map((row) => {
    const { answers } = FormAnswers.parse(row.data);
    return [row.entry_code, iso(row.created_at), ...fields.map((f) => answers[f.key])].map(csvCell).join(';');
  });
  return `\uFEFF${[header.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`;
}
