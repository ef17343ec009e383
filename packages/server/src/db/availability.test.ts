import { describe, expect, it } from 'vitest';
import { Availability, DATABASE_UNAVAILABLE_MESSAGE, DatabaseUnavailableError, isConnectionLost, isDatabaseUnavailable } from './availability';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('what counts as the database being unavailable', () => {
  it('a restart, a refused or timed-out connection, a full disk: yes; a client mistake or a bug: no', () => {
    expect(isConnectionLost(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLost(pgError('57P03', 'the database system is shutting down'))).toBe(true);
    expect(isConnectionLost(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isConnectionLost(new Error('wrapped', { cause: pgError('08006', 'connection failure') }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53100', 'could not extend file "base/5/16384": No space left on device'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('58P01', 'could not open file "base/5/16384": No such file or directory'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('FS error'), { name: 'ErrnoError' }))).toBe(true);
    expect(isConnectionLost(pgError('53100', 'disk full'))).toBe(false);
    for (const error of [pgError('23505', 'duplicate key'), pgError('22P02', 'invalid input syntax'), new TypeError('x is undefined')]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('Availability', () => {
  it('after a lost connection, fails at once but lets one query a while through, and says when the database is back', async () => {
    let now = 1000;
    const lines: string[] = [];
    const availability = new Availability({ retryMs: 250, now: () => now, log: (line) => lines.push(line) });
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(pgError('57P01', 'terminating connection due to administrator command'));
    };
    const error = await availability.run(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).statusCode).toBe(503);
    expect((error as Error).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(availability.isDown).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('injoignable');

    // Known down: the next queries do not even try (no pile-up on a pool that cannot connect).
    now += 100;
    await expect(availability.run(failing)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(calls).toBe(1);
    // A while later, one query tries again; still down, still one log line.
    now += 200;
    await expect(availability.run(failing)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(calls).toBe(2);
    expect(lines).toHaveLength(1);

    now += 300;
    expect(await availability.run(async () => 'ok')).toBe('ok');
    expect(availability.isDown).toBe(false);
    expect(lines[1]).toContain('de nouveau joignable');
    expect(await availability.run(async () => 'again')).toBe('again');
  });

  it('a full disk is a 503 and a log line for that request, without marking the database down; other errors go through', async () => {
    const lines: string[] = [];
    const availability = new Availability({ log: (line) => lines.push(line) });
    await expect(availability.run(() => Promise.reject(pgError('53100', 'No space left on device')))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(lines.join('\n')).toContain('No space left on device');
    expect(availability.isDown).toBe(false);
    const duplicate = pgError('23505', 'duplicate key');
    await expect(availability.run(() => Promise.reject(duplicate))).rejects.toBe(duplicate);
  });
});
