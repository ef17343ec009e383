import { describe, expect, it } from 'vitest';
import { formAnswerEmail, formEntryStep, raffleEntryPolicyOf, raffleEntryStep } from './fair-entries';
import { RaffleInputSchema, RaffleSchema } from './schemas/games.schema';
import { FormInputSchema } from './schemas/forms.schema';

const anonymous = { signedIn: false, emailVerified: false };
const unverified = { signedIn: true, emailVerified: false };
const verified = { signedIn: true, emailVerified: true };

describe('raffleEntryStep', () => {
  it.each([
    ['verified', anonymous, 'sign_in'],
    ['verified', unverified, 'verify_email'],
    ['verified', verified, 'counted'],
    ['emailLink', anonymous, 'confirm_by_link'],
    ['emailLink', unverified, 'confirm_by_link'],
    ['emailLink', verified, 'counted'],
  ] as const)('%s raffle, entrant %o → %s', (policy, entrant, step) => {
    expect(raffleEntryStep(policy, entrant)).toBe(step);
  });

  it('makes a new raffle verified-only, and reads one stored before the setting as confirmed by link', () => {
    const raffle = { title: 'T', opensAt: '2026-01-01T00:00:00Z', closesAt: '2026-02-01T00:00:00Z' };
    expect(RaffleInputSchema.parse(raffle).entryPolicy).toBe('verified');
    expect(RaffleSchema.parse({ ...raffle, _id: 'a'.repeat(24), createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }).entryPolicy).toBe('emailLink');
    expect(raffleEntryPolicyOf({})).toBe('emailLink');
    expect(raffleEntryPolicyOf({ entryPolicy: 'verified' })).toBe('verified');
  });
});

describe('formEntryStep', () => {
  const withEmail = [{ key: 'nom', type: 'text' }, { key: 'courriel', type: 'email' }];
  it.each([
    ['an open form', { fields: withEmail }, anonymous, 'counted'],
    ['verified accounts only, anonymous', { fields: withEmail, requireVerified: true }, anonymous, 'sign_in'],
    ['verified accounts only, not verified', { fields: withEmail, requireVerified: true }, unverified, 'verify_email'],
    ['verified accounts only, verified', { fields: withEmail, requireVerified: true }, verified, 'counted'],
    ['one per person with an e-mail field', { fields: withEmail, onePerPerson: true }, anonymous, 'counted'],
    ['one per person without an e-mail field, anonymous', { fields: [{ key: 'nom', type: 'text' }], onePerPerson: true }, anonymous, 'sign_in'],
    ['one per person without an e-mail field, signed in', { fields: [{ key: 'nom', type: 'text' }], onePerPerson: true }, unverified, 'counted'],
  ] as const)('%s → %s', (_case, form, entrant, step) => {
    expect(formEntryStep(form, entrant)).toBe(step);
  });

  it('reads the e-mail answered in the first e-mail field, and defaults both settings off', () => {
    expect(formAnswerEmail([{ key: 'a', type: 'email' }, { key: 'b', type: 'email' }], { a: '', b: 'x@y.fr' })).toBe('x@y.fr');
    expect(formAnswerEmail([{ key: 'a', type: 'text' }], { a: 'x@y.fr' })).toBeNull();
    expect(FormInputSchema.parse({ title: 'F' })).toMatchObject({ onePerPerson: false, requireVerified: false });
  });
});
