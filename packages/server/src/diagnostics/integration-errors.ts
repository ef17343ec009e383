import { AppError } from '@sortie/core';

/** 503 in French: the integration has no variables on this server. */
export class NotConfiguredError extends AppError {
  constructor(message: string) {
    super(message, { code: 'NOT_CONFIGURED', statusCode: 503 });
  }
}

/** 502 in French: the service answered, and refused. */
export class UpstreamError extends AppError {
  constructor(message: string) {
    super(message, { code: 'UPSTREAM_REFUSED', statusCode: 502 });
  }
}
