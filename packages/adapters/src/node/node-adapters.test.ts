import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ValidationError } from '@sortie/core';
import { resolveConfigDir } from './config-dir';
import { FileTokenStore } from './file-token-store.adapter';
import { DEFAULT_API_URL, loadNodeConfig } from './node-config';
import { NodeNavigatorAdapter, nodeUserAgent } from './node-navigator.adapter';
import { StderrLogger } from './stderr-logger.adapter';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sortie-adapters-'));
  dirs.push(dir);
  return dir;
}

describe('FileTokenStore', () => {
  it('writes the session file with mode 0600 in a 0700 folder', () => {
    const dir = join(tempDir(), 'sortie');
    const store = new FileTokenStore(dir);
    store.set('cookies', '{"sortie_session":{"value":"abc","expiresAt":null}}');
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('tightens an existing, too open file on the next write', () => {
    const dir = tempDir();
    const file = join(dir, 'session.json');
    writeFileSync(file, '{}', { mode: 0o644 });
    new FileTokenStore(dir).set('k', 'v');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps values across instances (the next run of the CLI), removes and clears them', () => {
    const dir = tempDir();
    new FileTokenStore(dir).set('a', '1');
    new FileTokenStore(dir).set('b', '2');
    const store = new FileTokenStore(dir);
    expect([store.get('a'), store.get('b'), store.get('c')]).toEqual(['1', '2', null]);
    store.remove('a');
    expect(new FileTokenStore(dir).get('a')).toBeNull();
    store.clear();
    expect(new FileTokenStore(dir).get('b')).toBeNull();
  });

  it('reads a damaged file as empty instead of crashing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'session.json'), '{not json');
    expect(new FileTokenStore(dir).get('cookies')).toBeNull();
  });
});

describe('node configuration', () => {
  it('finds the config folder: SORTIE_CONFIG_DIR, then XDG_CONFIG_HOME/sortie, then ~/.config/sortie', () => {
    expect(resolveConfigDir({ SORTIE_CONFIG_DIR: '/x/custom', XDG_CONFIG_HOME: '/x/xdg' }, '/home/lea')).toBe('/x/custom');
    expect(resolveConfigDir({ XDG_CONFIG_HOME: '/x/xdg' }, '/home/lea')).toBe('/x/xdg/sortie');
    expect(resolveConfigDir({}, '/home/lea')).toBe('/home/lea/.config/sortie');
  });

  it('takes the API address from the flag, else SORTIE_API_URL, else localhost:3000', () => {
    const env = { SORTIE_API_URL: 'https://api.sortie.test/', SORTIE_CONFIG_DIR: '/x' };
    expect(loadNodeConfig({ api: 'http://127.0.0.1:4000' }, env).apiUrl).toBe('http://127.0.0.1:4000');
    expect(loadNodeConfig({}, env).apiUrl).toBe('https://api.sortie.test');
    expect(loadNodeConfig({}, { SORTIE_CONFIG_DIR: '/x' }).apiUrl).toBe(DEFAULT_API_URL);
    expect(loadNodeConfig({ quiet: true }, env)).toMatchObject({ configDir: '/x', quiet: true });
  });

  it('refuses an address that is not http(s), in French', () => {
    const error = (() => {
      try {
        loadNodeConfig({ api: 'javascript:alert(1)' }, {});
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/Adresse de l’API invalide/);
  });
});

describe('NodeNavigatorAdapter and StderrLogger', () => {
  it('introduces itself as sortie-cli/<version> (node <v>; <platform>) and records where it was sent', () => {
    const nav = new NodeNavigatorAdapter(nodeUserAgent('1.4.0'), 'http://localhost:3000');
    expect(nav.userAgent()).toBe(`sortie-cli/1.4.0 (node ${process.version}; ${process.platform})`);
    nav.navigate('/home/Poitiers', { replace: true });
    expect(nav.currentUrl().href).toBe('http://localhost:3000/home/Poitiers');
    nav.redirect('https://example.org/billets');
    expect(nav.redirects).toEqual(['https://example.org/billets']);
    expect(nav.navigations).toEqual([{ path: '/home/Poitiers', replace: true }]);
    expect(nav.lastTarget).toBe('https://example.org/billets');
  });

  it('writes to stderr, errors only when quiet', () => {
    const lines: string[] = [];
    const stream = { write: (chunk: string) => lines.push(chunk) };
    new StderrLogger({}, stream).warn('Socket : déconnecté', 'transport close');
    const quiet = new StderrLogger({ quiet: true }, stream);
    quiet.info('ignoré');
    quiet.error('Échec', new Error('boom'));
    expect(lines).toEqual(['sortie [attention] Socket : déconnecté (transport close)\n', 'sortie [erreur] Échec (boom)\n']);
  });
});
