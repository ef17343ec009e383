// @vitest-environment happy-dom
// The contracts of TokenStorePort, CookiePort and ClockPort (@sortie/core/testing) on the browser adapters, in a DOM.
import * as vitest from 'vitest';
import { clockContract, cookieContract, tokenStoreContract } from '@sortie/core/testing';
import { DocumentCookieAdapter } from './document-cookie.adapter';
import { LocalStorageTokenStore } from './local-storage-token-store.adapter';
import { SystemClock } from './system-clock.adapter';

tokenStoreContract(vitest, 'LocalStorageTokenStore over the page’s localStorage', () => {
  localStorage.clear();
  return { store: new LocalStorageTokenStore(), reopen: () => new LocalStorageTokenStore(), teardown: () => localStorage.clear() };
});

cookieContract(vitest, 'DocumentCookieAdapter over document.cookie', () => {
  const clear = () => {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; path=/; max-age=0`;
    }
  };
  clear();
  return { cookies: new DocumentCookieAdapter(), teardown: clear };
});

clockContract(vitest, 'SystemClock, really waiting', () => ({
  clock: new SystemClock(),
  pass: (ms) => new Promise<void>((resolve) => globalThis.setTimeout(resolve, ms + 5)),
}));
