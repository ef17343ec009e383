import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigatorPort, TokenStorePort } from '@sortie/core';
import { UsageError } from './cli-errors';
import type { Io } from './io';
import { CliLogger, openNodeRuntime } from './node-runtime';
import { Output } from './output';

let dir: string;
let stderr: string;
const output = (mode: { verbose?: boolean } = {}) => {
  stderr = '';
  const io = { stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } } as unknown as Io;
  return new Output(io, mode);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sortie-runtime-'));
  vi.stubEnv('SORTIE_CONFIG_DIR', dir);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('openNodeRuntime', () => {
  it('refuses an API address that is not http(s), as a usage error', async () => {
    await expect(openNodeRuntime({ apiUrl: 'ftp://example.org' }, output())).rejects.toBeInstanceOf(UsageError);
  });

  it('introduces sortie by its user agent and lets shares view set the current address', async () => {
    const runtime = await openNodeRuntime({ apiUrl: 'http://api.test/' }, output());
    expect(runtime.apiUrl).toBe('http://api.test');
    const navigator = runtime.container.get(NavigatorPort) as NavigatorPort & { setUrl(url: string): void };
    expect(navigator.userAgent()).toMatch(/^sortie-cli\/\S+ \(node v\d+/);
    navigator.setUrl('http://api.test/?nshid=abc');
    expect(navigator.currentUrl().searchParams.get('nshid')).toBe('abc');
    runtime.close();
  });

  it('keeps the session in a 0600 file and forgets it on demand', async () => {
    const runtime = await openNodeRuntime({ apiUrl: 'http://api.test' }, output());
    runtime.container.get(TokenStorePort).set('cookies', '{"sid":{"value":"x","expiresAt":null}}');
    const file = join(dir, 'session.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    runtime.forgetSession();
    expect(existsSync(file)).toBe(false);
  });
});

describe('CliLogger', () => {
  it('prints what is logged only under --verbose', () => {
    const quiet = new CliLogger(output());
    const failure = new Error('boom');
    quiet.error('Short link could not be resolved', { shortCode: 'x', error: failure });
    quiet.error('Socket : échec de connexion', 'websocket error');
    quiet.warn('Socket : déconnecté', 'transport close');
    expect(stderr).toBe('');

    const verbose = new CliLogger(output({ verbose: true }));
    verbose.error('Short link could not be resolved', { shortCode: 'x', error: failure });
    expect(stderr).toBe('[error] Short link could not be resolved — {"shortCode":"x","error":"Error: boom"}\n');
  });
});
