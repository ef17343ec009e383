import { describe, expect, it } from 'vitest';
import { FormFieldSchema, validateAnswers, type FormField } from './forms.schema';

const field = (input: Partial<FormField> & Pick<FormField, 'key' | 'type'>): FormField =>
  FormFieldSchema.parse({ label: input.key, ...input });

const fields: FormField[] = [
  field({ key: 'name', label: 'Nom', type: 'text', required: true }),
  field({ key: 'email', type: 'email' }),
  field({ key: 'guests', type: 'number' }),
  field({ key: 'day', type: 'date' }),
  field({ key: 'size', type: 'select', options: ['S', 'M', 'L'] }),
  field({ key: 'consent', label: 'J’accepte', type: 'checkbox', required: true }),
  field({ key: 'notes', type: 'textarea' }),
];

describe('validateAnswers', () => {
  it('accepts a complete, well-formed submission', () => {
    expect(
      validateAnswers(fields, { name: 'Camille', email: 'camille@example.fr', guests: 2, day: '2026-03-01', size: 'M', consent: true, notes: 'Merci' }),
    ).toEqual({});
  });

  it('names each required field left empty, an unticked required box included', () => {
    expect(validateAnswers(fields, { name: '', consent: false })).toEqual({
      name: '« Nom » est obligatoire.',
      consent: '« J’accepte » est obligatoire.',
    });
  });

  it('gives a French message per malformed answer', () => {
    expect(
      validateAnswers(fields, { name: 'x'.repeat(501), email: 'camille', guests: 'deux', day: '01/03/2026', size: 'XXL', consent: 'oui', notes: 'y'.repeat(10_001) }),
    ).toEqual({
      name: 'Réponse trop longue.',
      email: 'Adresse e-mail invalide.',
      guests: 'Nombre attendu.',
      day: 'Date attendue (AAAA-MM-JJ).',
      size: 'Choisissez une des options proposées.',
      consent: 'Case à cocher attendue.',
      notes: 'Réponse trop longue.',
    });
  });

  it('refuses answers to fields the form does not have', () => {
    expect(validateAnswers(fields, { name: 'Camille', consent: true, admin: true })).toEqual({ admin: 'Champ inconnu.' });
  });

  it('refuses a blank number and an impossible date', () => {
    expect(validateAnswers(fields, { name: 'C', consent: true, guests: '  ', day: '2026-02-30x' })).toEqual({
      guests: 'Nombre attendu.',
      day: 'Date attendue (AAAA-MM-JJ).',
    });
  });
});
