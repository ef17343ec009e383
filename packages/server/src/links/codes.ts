import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code from an unambiguous alphabet (no 0/O, 1/l/I): short links and form receipts. */
export function randomCode(length: number): string {
  const bytes = randomBytes(length * 2);
  let code = '';
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte < 256 - (256 % ALPHABET.length)) code += ALPHABET[byte % ALPHABET.length];
    if (code.length === length) return code;
  }
  return code + randomCode(length - code.length);
}

export const randomShortCode = () => randomCode(7);
/** 10 characters of a 57-letter alphabet: about 58 bits, unguessable for a receipt. */
export const randomEntryCode = () => randomCode(10);
