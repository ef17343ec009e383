// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ServiceIdentifier } from 'inversify';
import { AudioAnalysisPort, AuthPort, ClockPort, CookiePort, LinkResolverPort, LoggerPort, MusicPort, NavigatorPort, ProductApiPort, PushPort, RuntimeConfig, RuntimeConfigSchema, TokenStorePort, TournamentSocketPort, USE_CASES } from '@sortie/core';
import { createBrowserContainer } from './browser';
import { FirebaseAuthAdapter } from './firebase/firebase-auth.adapter';
import { FirebasePushAdapter } from './firebase/firebase-push.adapter';
import { LocalAuthAdapter } from './local/local-auth.adapter';
import { SocketPushAdapter } from './local/socket-push.adapter';

const base = RuntimeConfigSchema.parse({
  identityProvider: 'local',
  signInMethods: { google: false, apple: false, password: true },
  storePages: { ios: null, android: null },
});

describe('createBrowserContainer', () => {
  it('binds every port, the runtime config, and our own identity provider by default', () => {
    const container = createBrowserContainer(base);
    for (const port of [ProductApiPort, LinkResolverPort, TournamentSocketPort, MusicPort, AudioAnalysisPort, TokenStorePort, CookiePort, NavigatorPort, ClockPort, LoggerPort]) {
      expect(container.get(port as ServiceIdentifier<unknown>)).toBeDefined();
    }
    expect(container.get(RuntimeConfig)).toBe(base);
    expect(container.get(AuthPort)).toBeInstanceOf(LocalAuthAdapter);
    expect(container.get(PushPort)).toBeInstanceOf(SocketPushAdapter);
  });

  it('resolves every use case of the core', () => {
    const container = createBrowserContainer(base);
    for (const useCase of USE_CASES) expect(container.get(useCase), useCase.name).toBeInstanceOf(useCase);
  });

  it('uses Firebase when the runtime config says so', () => {
    const container = createBrowserContainer({
      ...base,
      identityProvider: 'firebase',
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: 'a' },
      pushPublicKey: 'vapid',
    });
    expect(container.get(AuthPort)).toBeInstanceOf(FirebaseAuthAdapter);
    expect(container.get(PushPort)).toBeInstanceOf(FirebasePushAdapter);
  });
});

describe('the browser entry’s import graph', () => {
  const here = dirname(fileURLToPath(import.meta.url));

  /** Every module src/browser.ts reaches through static imports, with its static specifiers. */
  function staticGraph(entry: string): Map<string, string[]> {
    const seen = new Map<string, string[]>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      const source = readFileSync(file, 'utf8');
      const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm), ...source.matchAll(/^\s*import\s+'([^']+)'/gm)]
        .filter((match) => !/^\s*(?:import|export)\s+type\s/.test(match[0]))
        .map((match) => match[1]!);
      seen.set(file, specifiers);
      for (const specifier of specifiers) if (specifier.startsWith('.')) visit(resolve(dirname(file), `${specifier}.ts`).replace(/\/index\.ts\.ts$/, '/index.ts'));
    };
    visit(entry);
    return seen;
  }

  it('holds no node built-in and no static Firebase or socket.io-client import (both load on first use)', () => {
    const graph = staticGraph(join(here, 'browser.ts'));
    expect(graph.size).toBeGreaterThan(10);
    const offending = [...graph.entries()].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => s.startsWith('node:') || s.startsWith('firebase') || s.startsWith('socket.io-client') || s.includes('/node/')).map((s) => `${file}: ${s}`),
    );
    expect(offending).toEqual([]);
  });
});
