/*
 * Who may enter a raffle or answer a form, and when an entry counts: one rule for the server,
 * which enforces it, and the pages, which say it before anyone tries.
 */

export const RAFFLE_ENTRY_POLICIES = ['verified', 'emailLink'] as const;
export type RaffleEntryPolicy = (typeof RAFFLE_ENTRY_POLICIES)[number];

/** What a raffle's entry policy means, as the raffle page and the dashboard say it. */
export const RAFFLE_ENTRY_POLICY_LABELS: Record<RaffleEntryPolicy, string> = {
  verified: 'Réservé aux comptes vérifiés',
  emailLink: 'Vous recevrez un lien de confirmation par e-mail',
};

/**
 * A raffle's policy. A raffle stored before the setting existed took entries from anyone: it
 * reads as 'emailLink' (open to all, counted once the address is proven); a new raffle is
 * 'verified' unless its organiser chooses otherwise (the input schema's default).
 */
export const raffleEntryPolicyOf = (raffle: { entryPolicy?: RaffleEntryPolicy | null }): RaffleEntryPolicy => raffle.entryPolicy ?? 'emailLink';

/** Who is entering: signed in or not, and whether the account's e-mail is proven. */
export interface Entrant {
  signedIn: boolean;
  emailVerified: boolean;
}

/**
 * What happens to an entry: it counts now, it counts once the link mailed to the address is
 * followed, or it is refused until the visitor signs in or verifies their e-mail.
 */
export type EntryStep = 'counted' | 'confirm_by_link' | 'sign_in' | 'verify_email';

export function raffleEntryStep(policy: RaffleEntryPolicy, entrant: Entrant): EntryStep {
  if (entrant.signedIn && entrant.emailVerified) return 'counted';
  if (policy === 'emailLink') return 'confirm_by_link';
  return entrant.signedIn ? 'verify_email' : 'sign_in';
}

/** The form's settings that the one-entry rule reads (core's FormSchema). */
export interface FormEntrySettings {
  onePerPerson?: boolean;
  requireVerified?: boolean;
  fields: ReadonlyArray<{ key: string; type: string }>;
}

/**
 * A form's answer counts at once, unless the form asks for a verified account, or keeps one
 * answer per person and has no e-mail field to tell an anonymous visitor apart (then sign in).
 */
export function formEntryStep(form: FormEntrySettings, entrant: Entrant): EntryStep {
  if (form.requireVerified) {
    if (!entrant.signedIn) return 'sign_in';
    if (!entrant.emailVerified) return 'verify_email';
  }
  if (form.onePerPerson && !entrant.signedIn && !form.fields.some((f) => f.type === 'email')) return 'sign_in';
  return 'counted';
}

/** The e-mail answered in a form (its first e-mail field), which the one-entry rule reads. */
export function formAnswerEmail(fields: ReadonlyArray<{ key: string; type: string }>, answers: Record<string, unknown>): string | null {
  const field = fields.find((f) => f.type === 'email' && typeof answers[f.key] === 'string' && answers[f.key] !== '');
  return field ? String(answers[field.key]) : null;
}

/**
 * Entries one address (IP) may make to one raffle or form in a window: room for a household or
 * a venue's Wi-Fi, not for a script. Counted across server processes (the shared limit store).
 */
export const ENTRY_RATE_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

/** How long the link of an entry to confirm stays valid, at most (never beyond the raffle's close). */
export const ENTRY_CONFIRMATION_TTL_MS = 48 * 3600_000;
