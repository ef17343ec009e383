import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DrawCrypto } from '@sortie/core';

/** core's draw primitives over node:crypto; the browser runs the same draw over WebCrypto. */
export const nodeDrawCrypto: DrawCrypto = {
  sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  hmacSha256Hex: (key, message) => createHmac('sha256', key).update(message).digest('hex'),
};

export const seedHashOf = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** A fresh seed from the cryptographic random source, and its SHA-256, published before any entry. */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHashOf(seed) };
}
