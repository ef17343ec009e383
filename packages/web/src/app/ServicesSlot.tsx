import { useEffect, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { MOBILE_REDIRECT_COOKIE, platformOf, type CookiePort } from '@sortie/core';
import { hasCookie, mayBeSignedIn } from '../services/browser-cookies';
import { useLoadServices, useServicesRequested, useShellConfig } from '../services/container-context';
import type { ShellConfig } from '../services/runtime-config';
import { DYNA_PARAM, SHARE_PARAM } from './location-params';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * Whether this visit needs the services at once, before any page asks: a visitor who may be
 * signed in (the session to restore, the notifications to receive), a phone the store
 * redirect may apply to (SPEC.md §4), or a dynamic link or share to follow (§2).
 */
export function needsServices(search: string, shell: ShellConfig, userAgent: string, cookies?: Pick<CookiePort, 'get'>): boolean {
  if (mayBeSignedIn(cookies)) return true;
  if (shell.storePages && platformOf(userAgent) !== 'other' && !hasCookie(MOBILE_REDIRECT_COOKIE, cookies)) return true;
  const params = new URLSearchParams(search);
  return params.has(DYNA_PARAM) || params.has(SHARE_PARAM);
}

/**
 * Shows its children once the services have been asked for, and asks for them when this visit
 * needs them. Services that fail to load are reported, and what waited for them stays away.
 */
export function ServicesSlot({ children, onError }: { children: ReactNode; onError: (error: unknown) => void }) {
  const requested = useServicesRequested();
  const load = useLoadServices();
  const search = useSearch();
  const shell = useShellConfig();
  useEffect(() => {
    if (!requested && needsServices(search, shell, typeof navigator === 'undefined' ? '' : navigator.userAgent)) void load().catch(() => undefined);
  }, [requested, search, shell, load]);
  if (!requested) return null;
  return (
    <ErrorBoundary resetKey="services" fallback={null} onError={onError}>
      {children}
    </ErrorBoundary>
  );
}
