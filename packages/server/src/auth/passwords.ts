import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));

/** N=2^15, r=8, p=1: OWASP's floor for scrypt; maxmem raised to fit it. */
export const PRODUCTION_SCRYPT_N = 32768;

/**
 * The work factor new hashes get. Under vitest (NODE_ENV=test, which no deployment sets) it is
 * 2^10: the suite hashes and checks passwords thousands of times, at about 0.1 s of CPU each at
 * OWASP's floor, and what it tests is which password opens which account, not scrypt's cost. A
 * hash keeps its own N, so one made here is checked with the cost written in it.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  return env.NODE_ENV === 'test' ? 1024 : PRODUCTION_SCRYPT_N;
}

const PARAMS = { N: scryptCost(), r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** What an account without a password is checked against, at the same cost as a real one: a missing account answers as slowly as a wrong password. */
export const NO_PASSWORD_HASH = `scrypt$${PARAMS.N}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/** `scrypt$N$r$p$salt$hash`, all base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem });
  return timingSafeEqual(key, expected);
}
