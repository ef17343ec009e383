import { describe, expect, it } from 'vitest';
import { ApiError, AppError, AuthError, LinkNotFoundError, MusicError, NotFoundError, TournamentError, ValidationError, statusOf } from './errors';
import { DEFAULT_ERROR_MESSAGE, DEFAULT_ERROR_STATUS, DEFAULT_NOT_FOUND_MESSAGE, toErrorPage } from './error-page';

describe('error classes', () => {
  it('carry a stable code, a status and their own name', () => {
    const cases: Array<[AppError, string, number]> = [
      [new AppError('x'), 'APP_ERROR', 500],
      [new NotFoundError(), 'NOT_FOUND', 404],
      [new ValidationError('x', [{ path: 'email', message: 'Adresse e-mail invalide.' }]), 'VALIDATION_FAILED', 400],
      [new AuthError('x'), 'UNAUTHENTICATED', 401],
      [new AuthError('x', { code: 'FORBIDDEN', statusCode: 403 }), 'FORBIDDEN', 403],
      [new ApiError('x', { statusCode: 503 }), 'API_ERROR', 503],
      [new LinkNotFoundError(), 'LINK_NOT_FOUND', 404],
      [new TournamentError('x'), 'TOURNAMENT_ERROR', 502],
      [new MusicError('x'), 'MUSIC_ERROR', 502],
    ];
    for (const [error, code, status] of cases) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe(code);
      expect(error.statusCode).toBe(status);
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it('NotFoundError defaults to "Page Not Found"; a link not found is a not found', () => {
    expect(new NotFoundError().message).toBe('Page Not Found');
    expect(new LinkNotFoundError()).toBeInstanceOf(NotFoundError);
    expect(new LinkNotFoundError().message).toBe('Lien introuvable');
  });

  it('keeps the cause', () => {
    const cause = new Error('socket hang up');
    expect(new ApiError('x', { statusCode: 502, cause }).cause).toBe(cause);
    expect(new AppError('x').cause).toBeUndefined();
  });

  it('statusOf reads statusCode, then status', () => {
    expect(statusOf(new NotFoundError())).toBe(404);
    expect(statusOf({ status: 418 })).toBe(418);
    expect(statusOf({ statusCode: '404' })).toBeUndefined();
    expect(statusOf('boom')).toBeUndefined();
    expect(statusOf(null)).toBeUndefined();
  });
});

describe('toErrorPage (SPEC.md §2)', () => {
  it('shows the not-found variant for a 404, with the error message', () => {
    expect(toErrorPage(new NotFoundError('Page Not Found: /events/1'))).toEqual({ variant: 'notFound', statusCode: 404, message: 'Page Not Found: /events/1' });
  });

  it("defaults the not-found message to 'Page Not Found'", () => {
    expect(DEFAULT_NOT_FOUND_MESSAGE).toBe('Page Not Found');
    expect(toErrorPage({ statusCode: 404 })).toEqual({ variant: 'notFound', statusCode: 404, message: 'Page Not Found' });
  });

  it("shows the general variant otherwise, defaulting to 'Internal Server Error' and status 500", () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe('Internal Server Error');
    expect(DEFAULT_ERROR_STATUS).toBe(500);
    expect(toErrorPage(undefined)).toEqual({ variant: 'general', statusCode: 500, message: 'Internal Server Error' });
    expect(toErrorPage(new Error(''))).toEqual({ variant: 'general', statusCode: 500, message: 'Internal Server Error' });
    expect(toErrorPage(new Error('boom'))).toEqual({ variant: 'general', statusCode: 500, message: 'boom' });
    expect(toErrorPage('plain text')).toEqual({ variant: 'general', statusCode: 500, message: 'plain text' });
    expect(toErrorPage(new ApiError('Service indisponible', { statusCode: 503 }))).toEqual({ variant: 'general', statusCode: 503, message: 'Service indisponible' });
  });
});
