import { statusOf } from './errors';

export interface ErrorPageModel {
  variant: 'notFound' | 'general';
  statusCode: number;
  message: string;
}

export const DEFAULT_NOT_FOUND_MESSAGE = 'Page Not Found';
export const DEFAULT_ERROR_MESSAGE = 'Internal Server Error';
export const DEFAULT_ERROR_STATUS = 500;

/**
 * What the error page shows for a fatal error (SPEC.md §2): a not-found variant for
 * status 404, a general variant otherwise; the status defaults to 500.
 */
export function toErrorPage(error: unknown): ErrorPageModel {
  const statusCode = statusOf(error) ?? DEFAULT_ERROR_STATUS;
  const given = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (statusCode === 404) {
    return { variant: 'notFound', statusCode, message: given || DEFAULT_NOT_FOUND_MESSAGE };
  }
  return { variant: 'general', statusCode, message: given || DEFAULT_ERROR_MESSAGE };
}
