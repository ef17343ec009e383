import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDraw, hmacSha256Hex, rederiveWinners, sha256Hex } from './raffle-proof';

// The server's draw (packages/server/src/raffles/draw.ts), written again with node:crypto as the reference.
function serverDraw(seed: string, entryIds: string[], prizes: Array<{ name: string; quantity: number }>) {
  const ordered = [...entryIds].sort((a, b) => {
    const [ka, kb] = [a, b].map((id) => createHmac('sha256', seed).update(id).digest('hex'));
    return ka! < kb! ? -1 : ka! > kb! ? 1 : 0;
  });
  const winners: Array<{ entryId: string; prize: string }> = [];
  let next = 0;
  for (const prize of prizes) for (let i = 0; i < prize.quantity && next < ordered.length; i++, next++) winners.push({ entryId: ordered[next]!, prize: prize.name });
  return winners;
}

const seed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const entryIds = Array.from({ length: 9 }, (_, i) => `65f0${String(i).padStart(20, '0')}`);
const prizes = [{ name: 'Deux places', quantity: 2 }, { name: 'Un t-shirt', quantity: 3 }];

describe('raffle proof', () => {
  it('hashes and signs as node:crypto does', async () => {
    expect(await sha256Hex(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(await hmacSha256Hex(seed, entryIds[0]!)).toBe(createHmac('sha256', seed).update(entryIds[0]!).digest('hex'));
  });

  it('re-derives the server’s winners from the seed and the entry ids', async () => {
    const expected = serverDraw(seed, entryIds, prizes);
    expect(expected).toHaveLength(5);
    expect(await rederiveWinners(seed, entryIds, prizes)).toEqual(expected);
  });

  it('accepts a true draw and detects a wrong seed or forged winners', async () => {
    const published = serverDraw(seed, entryIds, prizes);
    const proof = { algorithm: 'hmac-sha256-order', seedHash: await sha256Hex(seed), seed, drawnAt: null, prizes, entryIds, winners: published.map((w) => ({ ...w, name: '' })) };
    expect(await checkDraw(proof.seedHash, seed, published, proof)).toMatchObject({ hashMatches: true, winnersMatch: true });
    expect((await checkDraw(proof.seedHash, `${seed}0`, published, proof)).hashMatches).toBe(false);
    const forged = [{ ...published[0]!, entryId: published[4]!.entryId }, ...published.slice(1)];
    expect((await checkDraw(proof.seedHash, seed, forged, proof)).winnersMatch).toBe(false);
    expect((await checkDraw(proof.seedHash, seed, published, null)).winnersMatch).toBeNull();
  });
});
