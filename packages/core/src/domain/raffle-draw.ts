import type { RaffleProof } from './raffle-proof.schema';

/*
 * The raffle draw and its proof, once for the server that draws and the browser that checks.
 *
 * 1. Before entries open (at the latest when the first one comes), the organiser commits to a
 *    random seed by publishing its SHA-256 (`seedHash`); the seed stays secret.
 * 2. At the close, the entry list is frozen and its SHA-256 (`entriesHash`, see ENTRIES_HASH_METHOD)
 *    is published beside the seed's.
 * 3. The draw orders the entries by HMAC-SHA256(key = seed, message = entry id), lowest hex first,
 *    and hands out the prizes in their published order; the seed is then revealed.
 *
 * Only the two hash primitives differ between node:crypto and WebCrypto: they are a parameter.
 * No zod here, so that a page can redo a draw without loading it; the proof's schema is in
 * raffle-proof.schema.ts.
 */

export { RAFFLE_DRAW_ALGORITHM } from './raffle-draw.constants';

/** What ENTRIES_HASH_METHOD says, in one line for a person who redoes it by hand. */
export const ENTRIES_HASH_METHOD =
  'SHA-256 (hexadécimal) du texte UTF-8 formé des identifiants de participation triés par ordre croissant, séparés par un saut de ligne « \\n », sans saut de ligne final.';

/** The hash primitives of a draw, as lowercase hexadecimal. */
export interface DrawCrypto {
  sha256Hex(text: string): Promise<string> | string;
  hmacSha256Hex(key: string, message: string): Promise<string> | string;
}

/** The entries in draw order: by HMAC-SHA256(seed, entryId), ties (never seen) by entry id. */
export async function drawOrder(seed: string, entryIds: readonly string[], crypto: DrawCrypto): Promise<string[]> {
  const keyed = await Promise.all(entryIds.map(async (entryId) => ({ entryId, key: await crypto.hmacSha256Hex(seed, entryId) })));
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return keyed.sort((a, b) => compare(a.key, b.key) || compare(a.entryId, b.entryId)).map((x) => x.entryId);
}

/** The prizes handed out in their order, `quantity` each, to the entries in draw order. */
export function awardPrizes(ordered: readonly string[], prizes: ReadonlyArray<{ name: string; quantity: number }>): Array<{ entryId: string; prize: string }> {
  const winners: Array<{ entryId: string; prize: string }> = [];
  let next = 0;
  for (const prize of prizes) {
    for (let i = 0; i < prize.quantity && next < ordered.length; i++, next++) winners.push({ entryId: ordered[next]!, prize: prize.name });
  }
  return winners;
}

/** The winners (entry id and prize) that a seed gives for these entries and prizes. */
export async function drawWinners(seed: string, entryIds: readonly string[], prizes: ReadonlyArray<{ name: string; quantity: number }>, crypto: DrawCrypto) {
  return awardPrizes(await drawOrder(seed, entryIds, crypto), prizes);
}

/** The text whose SHA-256 is the entry list's hash (ENTRIES_HASH_METHOD). */
export const entryListText = (entryIds: readonly string[]) => [...entryIds].sort().join('\n');

export const entriesHashOf = async (entryIds: readonly string[], crypto: DrawCrypto) => crypto.sha256Hex(entryListText(entryIds));

export interface DrawCheck {
  /** SHA-256 of the revealed seed, computed by the checker. */
  computedSeedHash: string;
  seedMatches: boolean;
  /** SHA-256 of the entry list as received, computed by the checker. */
  computedEntriesHash: string;
  entriesMatch: boolean;
  /** The winners redone from seed and entries equal the published ones, prize by prize. */
  winnersMatch: boolean;
}

/** Redoes a drawn raffle's proof: null when the seed is not revealed yet. */
export async function checkDraw(proof: RaffleProof, crypto: DrawCrypto): Promise<DrawCheck | null> {
  if (!proof.seed || !proof.seedHash) return null;
  const computedSeedHash = await crypto.sha256Hex(proof.seed);
  const computedEntriesHash = await entriesHashOf(proof.entryIds, crypto);
  const redone = await drawWinners(proof.seed, proof.entryIds, proof.prizes, crypto);
  const winnersMatch = redone.length === proof.winners.length && redone.every((w, i) => w.entryId === proof.winners[i]!.entryId && w.prize === proof.winners[i]!.prize);
  return { computedSeedHash, seedMatches: computedSeedHash === proof.seedHash, computedEntriesHash, entriesMatch: computedEntriesHash === proof.entriesHash, winnersMatch };
}

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** The primitives over WebCrypto (`crypto.subtle`), the standard of browsers (and of Node). */
export const webDrawCrypto: DrawCrypto = {
  sha256Hex: async (text) => hex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text))),
  async hmacSha256Hex(key, message) {
    const cryptoKey = await globalThis.crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return hex(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
  },
};
