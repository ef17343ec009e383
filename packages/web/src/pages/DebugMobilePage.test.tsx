import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_REDIRECT_COOKIE } from '@sortie/core';
import { FakeCookies, USER_AGENTS } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./DebugMobilePage')]);
}, 60_000);


describe('/debug-mobile', () => {
  it('shows the platform, the user agent and the redirect decision on an iPhone', async () => {
    const { navigator } = await renderApp({ path: '/debug-mobile', userAgent: USER_AGENTS.iphone });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diagnostic mobile' })).toBeTruthy();
    expect(screen.getByText('iOS (iPhone, iPad, iPod)')).toBeTruthy();
    expect(screen.getByText(USER_AGENTS.iphone)).toBeTruthy();
    expect(screen.getByText('oui : redirection vers la page du store')).toBeTruthy();
    expect(navigator.redirects).toEqual([]);
  });

  it('says no redirect happens on a desktop', async () => {
    await renderApp({ path: '/debug-mobile' });
    expect(await screen.findByText('non : système sans application')).toBeTruthy();
    expect(screen.getByText('Autre système')).toBeTruthy();
  });

  it('says no redirect happens again within 24 hours of an attempt', async () => {
    await renderApp({ path: '/debug-mobile', userAgent: USER_AGENTS.android, cookies: new FakeCookies().have(MOBILE_REDIRECT_COOKIE, '1') });
    expect(await screen.findByText('non : redirection déjà tentée dans les dernières 24 h')).toBeTruthy();
    expect(screen.getByText('présent')).toBeTruthy();
  });
});
