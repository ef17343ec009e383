import { AppError } from '../errors';

/** A blind-test rule refused; the message is French and meant for the person who asked. */
export class BlindTestRefusal extends AppError {
  constructor(message: string) {
    super(message, { code: 'BLIND_TEST_REFUSED', statusCode: 409 });
  }
}

export const refuseGame = (message: string): never => {
  throw new BlindTestRefusal(message);
};
