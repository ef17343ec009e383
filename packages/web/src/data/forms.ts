import { OPERATION_ROUTES, type Form, type ProductApiPort } from '@sortie/core';
import type { OperationBody } from './operation-types';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** The forms' reads and writes: the public form, an entry's own page, the dashboard's list of entries. */

/** GET /api/forms/{id}. */
export const useForm = (id: string) => useApiQuery(`form:${id}`, (api) => api.get<Form>('forms', id));

/** A form and one of its entries, read by the entry's code (the page mailed to the person who answered). */
export const useFormEntry = (id: string, code: string) =>
  useApiQuery(`form-entry:${id}:${code}`, async (api) => {
    const [form, entry] = await Promise.all([api.get<Form>('forms', id), api.call(OPERATION_ROUTES.formEntry, { path: { id, code } })]);
    return { form, entry };
  });

/** GET /api/forms/{id}/entries: the answers received, for the form's staff. */
export const useFormEntries = (formId: string) => useApiQuery(`form-entries:${formId}`, (api) => api.call(OPERATION_ROUTES.formEntries, { path: { id: formId } }));

const formWrites = (api: ProductApiPort) => ({
  submit: (formId: string, answers: OperationBody<'submitFormEntry'>['answers']) => api.call(OPERATION_ROUTES.submitFormEntry, { path: { id: formId }, body: { answers } }),
});

/** The forms' writes: each answers the server's answer or throws its error. */
export const useFormWrites = () => useApiWrites(formWrites);
