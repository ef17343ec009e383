import { describe, expect, it } from 'vitest';
import { freshSocketBucket, SOCKET_RATE_LIMITS, takeSocketToken, type SocketRateBucket, type SocketRateLimit, type SocketRateVerdict } from './socket-rate';

/** `count` calls at `now`, from `bucket`: the verdicts, and the bucket after. */
function calls(bucket: SocketRateBucket, limit: SocketRateLimit, now: number, count: number): { bucket: SocketRateBucket; verdicts: SocketRateVerdict[] } {
  const verdicts: SocketRateVerdict[] = [];
  for (let i = 0; i < count; i++) {
    const taken = takeSocketToken(bucket, limit, now);
    bucket = taken.bucket;
    verdicts.push(taken.verdict);
  }
  return { bucket, verdicts };
}

describe('takeSocketToken', () => {
  const phone = SOCKET_RATE_LIMITS.player;

  it('lets a phone send its burst at once, then refuses', () => {
    const { verdicts } = calls(freshSocketBucket(phone, 0), phone, 0, phone.burst + 1);
    expect(verdicts.slice(0, phone.burst).every((v) => v === 'allowed')).toBe(true);
    expect(verdicts.at(-1)).toBe('refused');
  });

  it('gives back a token every 1/perSecond, never above the burst', () => {
    const empty = calls(freshSocketBucket(phone, 0), phone, 0, phone.burst).bucket;
    expect(takeSocketToken(empty, phone, 1000 / phone.perSecond - 1).verdict).toBe('refused');
    expect(takeSocketToken(empty, phone, 1000 / phone.perSecond).verdict).toBe('allowed');
    const rested = calls(empty, phone, 3_600_000, phone.burst + 1).verdicts;
    expect(rested.filter((v) => v === 'allowed')).toHaveLength(phone.burst);
  });

  it('keeps up a steady perSecond forever', () => {
    let bucket = freshSocketBucket(phone, 0);
    for (let i = 1; i <= 10 * phone.perSecond * 60; i++) {
      const taken = takeSocketToken(bucket, phone, (i * 1000) / phone.perSecond);
      expect(taken.verdict).toBe('allowed');
      bucket = taken.bucket;
    }
  });

  it('asks to disconnect a socket that keeps going past the limit, not one a little over it', () => {
    const flood = calls(freshSocketBucket(phone, 0), phone, 0, phone.burst + phone.refusalsBeforeDisconnect + 1).verdicts;
    expect(flood.at(-2)).toBe('refused');
    expect(flood.at(-1)).toBe('disconnect');
    // Twice the rate for ten minutes: refused half the time, its refusals forgiven as fast as they come.
    let bucket = freshSocketBucket(phone, 0);
    const seen = new Set<SocketRateVerdict>();
    for (let i = 1; i <= 2 * phone.perSecond * 600; i++) {
      const taken = takeSocketToken(bucket, phone, (i * 1000) / (2 * phone.perSecond));
      seen.add(taken.verdict);
      bucket = taken.bucket;
    }
    expect([...seen].sort()).toEqual(['allowed', 'refused']);
  });

  it('gives the host’s desk a higher limit than a phone', () => {
    const staff = SOCKET_RATE_LIMITS.staff;
    expect(staff.perSecond).toBeGreaterThan(phone.perSecond);
    expect(staff.burst).toBeGreaterThan(phone.burst);
    const verdicts = calls(freshSocketBucket(staff, 0), staff, 0, phone.burst + 1).verdicts;
    expect(verdicts.every((v) => v === 'allowed')).toBe(true);
  });
});
