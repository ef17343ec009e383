import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// /notifications has its own tests in NotificationsPage.test.tsx.

describe('/debug-mobile', () => {
  it('tells what the store redirect would do, without redirecting', async () => {
    const { navigator, fakes } = await renderApp({ path: '/debug-mobile', userAgent: USER_AGENTS.android });
    expect(await screen.findByText('Android')).toBeTruthy();
    expect(screen.getByText('oui : redirection vers la page du store')).toBeTruthy();
    expect(screen.getByText(fakes.config.storePages.android!)).toBeTruthy();
    expect(navigator.redirects).toEqual([]);
  });
});
