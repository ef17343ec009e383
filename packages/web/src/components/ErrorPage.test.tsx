import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, AuthError, NotFoundError } from '@sortie/core';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { ErrorPage } from './ErrorPage';

function show(error: unknown) {
  render(
    <Router hook={memoryLocation().hook}>
      <ErrorPage error={error} />
    </Router>,
  );
  return {
    variant: document.querySelector('[data-variant]')?.getAttribute('data-variant'),
    status: screen.getByLabelText(/^Erreur \d+$/).textContent,
    title: screen.getByRole('heading', { level: 1 }).textContent,
    message: screen.getByTestId('error-message').textContent,
  };
}

describe('error page', () => {
  it('a 404 shows the not-found variant with its message', () => {
    expect(show(new NotFoundError('Page not found: /x'))).toEqual({ variant: 'notFound', status: '404', title: 'Page introuvable', message: 'Page not found: /x' });
  });

  it('a 404 without a message says « Page Not Found »', () => {
    expect(show({ statusCode: 404 })).toMatchObject({ variant: 'notFound', message: 'Page Not Found' });
  });

  it('any other status shows the general variant with its message', () => {
    expect(show(new AuthError('Interdit', { statusCode: 403 }))).toEqual({
      variant: 'general',
      status: '403',
      title: 'Une erreur est survenue',
      message: 'Interdit',
    });
  });

  it('an error without a status is a 500, « Internal Server Error » when it says nothing', () => {
    expect(show(new Error(''))).toMatchObject({ variant: 'general', status: '500', message: 'Internal Server Error' });
  });

  it('keeps an API error’s status', () => {
    expect(show(new ApiError('Bad Gateway', { statusCode: 502 }))).toMatchObject({ variant: 'general', status: '502', message: 'Bad Gateway' });
  });
});

describe('error boundary', () => {
  function Explodes({ error }: { error: unknown }): never {
    throw error;
  }

  it('shows the error page for a fatal error and reports it', async () => {
    const onError = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Router hook={memoryLocation().hook}>
        <ErrorBoundary resetKey="/a" onError={onError}>
          <Explodes error={new TypeError('boom')} />
        </ErrorBoundary>
      </Router>,
    );
    quiet.mockRestore();
    // The error page's code loads when an error needs it.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Une erreur est survenue');
    expect(screen.getByTestId('error-message').textContent).toBe('boom');
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError), expect.anything());
  });

  it('shows the not-found variant for a thrown NotFoundError', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Router hook={memoryLocation().hook}>
        <ErrorBoundary resetKey="/b">
          <Explodes error={new NotFoundError()} />
        </ErrorBoundary>
      </Router>,
    );
    quiet.mockRestore();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page introuvable');
    expect(screen.getByTestId('error-message').textContent).toBe('Page Not Found');
  });
});
