/*
 * Re-checks a raffle draw in the browser, as packages/server/src/raffles/draw.ts makes it:
 * the seed's SHA-256 must equal the hash published before the draw, and ordering the entries
 * by HMAC-SHA256(seed, entryId) then handing out the prizes in order must give the winners
 * that were published.
 */

export interface RaffleProof {
  algorithm: string;
  seedHash: string | null;
  seed: string | null;
  drawnAt: string | null;
  prizes: Array<{ name: string; quantity: number }>;
  entryIds: string[];
  winners: Array<{ entryId: string; prize: string; name: string }>;
}

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

/** The winners (entry id and prize) that the seed gives for these entries and prizes. */
export async function rederiveWinners(seed: string, entryIds: readonly string[], prizes: RaffleProof['prizes']): Promise<Array<{ entryId: string; prize: string }>> {
  const keyed = await Promise.all(entryIds.map(async (entryId) => ({ entryId, key: await hmacSha256Hex(seed, entryId) })));
  const ordered = keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((x) => x.entryId);
  const winners: Array<{ entryId: string; prize: string }> = [];
  let next = 0;
  for (const prize of prizes) {
    for (let i = 0; i < prize.quantity && next < ordered.length; i++, next++) winners.push({ entryId: ordered[next]!, prize: prize.name });
  }
  return winners;
}

export interface DrawCheck {
  computedHash: string;
  hashMatches: boolean;
  /** null when the server gave no entry list to redo the draw with. */
  winnersMatch: boolean | null;
}

/** Checks a revealed seed against the hash published before the draw, and redoes the draw. */
export async function checkDraw(publishedHash: string, seed: string, published: Array<{ entryId: string; prize: string }>, proof: RaffleProof | null): Promise<DrawCheck> {
  const computedHash = await sha256Hex(seed);
  let winnersMatch: boolean | null = null;
  if (proof && proof.algorithm === 'hmac-sha256-order' && proof.entryIds.length > 0) {
    const redone = await rederiveWinners(seed, proof.entryIds, proof.prizes);
    winnersMatch = redone.length === published.length && redone.every((w, i) => w.entryId === published[i]!.entryId && w.prize === published[i]!.prize);
  }
  return { computedHash, hashMatches: computedHash === publishedHash.toLowerCase(), winnersMatch };
}
