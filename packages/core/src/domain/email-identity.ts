/*
 * Who an e-mail address reaches, for the one-entry rule of raffles and forms: two addresses with
 * the same identity land in the same mailbox, so they are one person.
 *
 * Only what a provider documents is folded, never a guess: a wrong fold would merge two people
 * and refuse the second one's entry, a missed one only lets a determined cheater use a second
 * real mailbox (which the confirmation link and the rate limit make costly anyway).
 * - Case: every big webmail ignores it (the local part is case-sensitive by the RFC, by no provider).
 * - Dots: Gmail only ("john.doe" and "johndoe" are one account). Outlook, Yahoo, iCloud and
 *   Proton keep dots significant.
 * - Sub-addressing (`local+tag`): Gmail, Microsoft (Outlook, Hotmail, Live, MSN), iCloud, Proton,
 *   Fastmail and Yahoo (whose account names cannot hold a `+`, so the fold merges no one).
 */

const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const PLUS_TAGS = new Set([
  ...GMAIL,
  'outlook.com', 'outlook.fr', 'hotmail.com', 'hotmail.fr', 'live.com', 'live.fr', 'msn.com',
  'yahoo.com', 'yahoo.fr', 'ymail.com', 'rocketmail.com',
  'icloud.com', 'me.com', 'mac.com',
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me',
  'fastmail.com', 'fastmail.fm',
]);

/**
 * The identity of an address: lower-cased and trimmed; at the providers above, without the
 * `+tag`; at Gmail without dots in the local part, and googlemail.com read as gmail.com.
 * An input without an `@` is returned lower-cased and trimmed (the schemas refuse it before).
 */
export function emailIdentity(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  // A trailing dot (the DNS root) names the same domain.
  let domain = address.slice(at + 1).replace(/\.$/, '');
  if (PLUS_TAGS.has(domain)) {
    const plus = local.indexOf('+');
    if (plus > 0) local = local.slice(0, plus);
  }
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Whether two addresses reach the same mailbox by emailIdentity. */
export const sameEmailIdentity = (a: string, b: string) => emailIdentity(a) === emailIdentity(b);
