import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface DrawEntry {
  entryId: string;
  name: string;
}
export interface Prize {
  name: string;
  quantity: number;
}

/** A fresh seed from the cryptographic random source, and its SHA-256 published before the draw. */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHashOf(seed) };
}

export const seedHashOf = (seed: string) => createHash('sha256').update(seed).digest('hex');

/**
 * Verifiable draw: entries are ordered by HMAC-SHA256(seed, entryId) and prizes handed out in
 * that order. With the revealed seed and the list of entry ids, anyone can redo it and check
 * that the seed matches the hash published before.
 */
export function drawWinners(seed: string, entries: readonly DrawEntry[], prizes: readonly Prize[]) {
  const ordered = [...entries]
    .map((entry) => ({ entry, key: createHmac('sha256', seed).update(entry.entryId).digest('hex') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.entry);
  const winners: Array<{ entryId: string; prize: string; name: string }> = [];
  let next = 0;
  for (const prize of prizes) {
    for (let i = 0; i < prize.quantity && next < ordered.length; i++, next++) {
      winners.push({ entryId: ordered[next]!.entryId, prize: prize.name, name: ordered[next]!.name });
    }
  }
  return winners;
}
