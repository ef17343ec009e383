import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/availability';
import { failedActionReply } from './socket-errors';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('the acknowledgement of a live action that failed for the server’s sake', () => {
  it('the database restarting, unreachable or refusing writes: the temporary French refusal, code unavailable', () => {
    for (const error of [new DatabaseUnavailableError(pgError('57P01', 'terminating connection due to administrator command')), pgError('ECONNREFUSED', 'connect ECONNREFUSED'), pgError('53100', 'No space left on device')]) {
      expect(failedActionReply(error, 'Erreur interne du serveur.')).toEqual({
        reply: { status: 'error', msg: 'Service momentanément indisponible, réessayez dans un instant.', code: 'unavailable' },
        temporary: true,
      });
    }
  });

  it('a bug stays an internal error, without the temporary code', () => {
    expect(failedActionReply(new TypeError('x is undefined'), 'Erreur interne du serveur : réessayez.')).toEqual({ reply: { status: 'error', msg: 'Erreur interne du serveur : réessayez.' }, temporary: false });
  });
});
