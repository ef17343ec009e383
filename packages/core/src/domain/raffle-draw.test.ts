// The reference primitives: the server draws with node:crypto, the browser checks with WebCrypto.
// eslint-disable-next-line no-restricted-imports -- the test compares core's WebCrypto primitives with the server's node:crypto
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDraw, drawOrder, drawWinners, entriesHashOf, entryListText, ENTRIES_HASH_METHOD, RAFFLE_DRAW_ALGORITHM, webDrawCrypto, type DrawCrypto } from './raffle-draw';
import { RaffleProofSchema, type RaffleProof } from './raffle-proof.schema';

const nodeDrawCrypto: DrawCrypto = {
  sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  hmacSha256Hex: (key, message) => createHmac('sha256', key).update(message).digest('hex'),
};
const IMPLEMENTATIONS = [
  ['node:crypto', nodeDrawCrypto],
  ['WebCrypto', webDrawCrypto],
] as const;

const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const ids = (n: number) => Array.from({ length: n }, (_, i) => `65f0${String(i).padStart(20, '0')}`);
const PRIZES = [
  { name: 'Deux places', quantity: 2 },
  { name: 'Un t-shirt', quantity: 3 },
];

// The order written by hand from HMAC-SHA256 values, so that a change of algorithm cannot pass unseen.
const byHmac = (seed: string, entryIds: string[]) => [...entryIds].sort((a, b) => (nodeDrawCrypto.hmacSha256Hex(seed, a) as string).localeCompare(nodeDrawCrypto.hmacSha256Hex(seed, b) as string));

describe.each(IMPLEMENTATIONS)('drawOrder over %s', (_name, crypto) => {
  it.each([
    ['no entry', SEED, [] as string[]],
    ['one entry', SEED, ids(1)],
    ['nine entries', SEED, ids(9)],
    ['another seed', 'graine-de-test', ids(9)],
    ['entries given in reverse', SEED, ids(9).reverse()],
    ['unicode seed', 'été 2026 — Poitiers', ids(5)],
  ])('%s: orders by HMAC-SHA256(seed, entryId)', async (_case, seed, entryIds) => {
    expect(await drawOrder(seed, entryIds, crypto)).toEqual(byHmac(seed, entryIds));
  });

  it('does not depend on the order the entries come in', async () => {
    expect(await drawOrder(SEED, ids(9).reverse(), crypto)).toEqual(await drawOrder(SEED, ids(9), crypto));
  });

  it.each([
    ['more entries than prizes', 9, 5],
    ['fewer entries than prizes', 3, 3],
    ['no entry', 0, 0],
  ])('%s: hands out the prizes in order', async (_case, n, expected) => {
    const winners = await drawWinners(SEED, ids(n), PRIZES, crypto);
    expect(winners).toHaveLength(expected);
    const order = byHmac(SEED, ids(n));
    expect(winners).toEqual(order.slice(0, expected).map((entryId, i) => ({ entryId, prize: i < 2 ? 'Deux places' : 'Un t-shirt' })));
  });
});

describe('the two implementations', () => {
  it('give the same hashes, orders and winners', async () => {
    for (const seed of [SEED, 'x', 'été']) {
      expect(await webDrawCrypto.sha256Hex(seed)).toBe(nodeDrawCrypto.sha256Hex(seed));
      expect(await drawOrder(seed, ids(20), webDrawCrypto)).toEqual(await drawOrder(seed, ids(20), nodeDrawCrypto));
      expect(await drawWinners(seed, ids(20), PRIZES, webDrawCrypto)).toEqual(await drawWinners(seed, ids(20), PRIZES, nodeDrawCrypto));
    }
  });
});

describe('the entry list’s hash', () => {
  it('is the SHA-256 of the sorted ids joined by \\n, whatever their order', async () => {
    expect(entryListText(['b', 'c', 'a'])).toBe('a\nb\nc');
    expect(await entriesHashOf(['b', 'c', 'a'], webDrawCrypto)).toBe(createHash('sha256').update('a\nb\nc').digest('hex'));
    expect(await entriesHashOf([], webDrawCrypto)).toBe(createHash('sha256').update('').digest('hex'));
    expect(ENTRIES_HASH_METHOD).toMatch(/triés par ordre croissant/);
  });
});

describe('checkDraw', () => {
  const proofOf = async (over: Partial<RaffleProof> = {}): Promise<RaffleProof> => {
    const entryIds = ids(9);
    const winners = (await drawWinners(SEED, entryIds, PRIZES, nodeDrawCrypto)).map((w) => ({ ...w, name: 'Ana' }));
    return RaffleProofSchema.parse({
      algorithm: RAFFLE_DRAW_ALGORITHM,
      seedHash: nodeDrawCrypto.sha256Hex(SEED),
      committedAt: '2026-03-01T08:00:00.000Z',
      closesAt: '2026-03-20T18:00:00.000Z',
      entriesHash: await entriesHashOf(entryIds, nodeDrawCrypto),
      entriesHashMethod: ENTRIES_HASH_METHOD,
      seed: SEED,
      drawnAt: '2026-03-21T10:00:00.000Z',
      prizes: PRIZES,
      entryIds,
      winners,
      ...over,
    });
  };

  it('accepts a true draw', async () => {
    expect(await checkDraw(await proofOf(), webDrawCrypto)).toMatchObject({ seedMatches: true, entriesMatch: true, winnersMatch: true });
  });

  it('detects a wrong seed, an entry added after the close and forged winners', async () => {
    expect(await checkDraw(await proofOf({ seed: `${SEED}0` }), webDrawCrypto)).toMatchObject({ seedMatches: false, winnersMatch: false });
    const proof = await proofOf();
    expect(await checkDraw({ ...proof, entryIds: [...proof.entryIds, 'ffff00000000000000000000'] }, webDrawCrypto)).toMatchObject({ seedMatches: true, entriesMatch: false });
    const forged = [{ ...proof.winners[0]!, entryId: proof.winners[4]!.entryId }, ...proof.winners.slice(1)];
    expect(await checkDraw({ ...proof, winners: forged }, webDrawCrypto)).toMatchObject({ seedMatches: true, entriesMatch: true, winnersMatch: false });
  });

  it('has nothing to check before the seed is revealed', async () => {
    expect(await checkDraw(await proofOf({ seed: null, drawnAt: null, winners: [] }), webDrawCrypto)).toBeNull();
  });

  it('refuses a proof of another algorithm', async () => {
    expect(RaffleProofSchema.safeParse({ ...(await proofOf()), algorithm: 'random-pick' }).success).toBe(false);
  });
});
