import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe('loadConfig', () => {
  it('has no store page unless one is configured, so that no phone is sent to a placeholder', () => {
    expect(loadConfig(env({})).storePages).toEqual({ ios: null, android: null });
    expect(loadConfig(env({ SORTIE_IOS_STORE_URL: ' ', SORTIE_ANDROID_STORE_URL: '' })).storePages).toEqual({ ios: null, android: null });
    const configured = loadConfig(env({ SORTIE_ANDROID_STORE_URL: 'https://play.google.com/store/apps/details?id=fr.sortie.app' }));
    expect(configured.storePages).toEqual({ ios: null, android: 'https://play.google.com/store/apps/details?id=fr.sortie.app' });
  });

  it('reads the public origin from SORTIE_PUBLIC_URL, without its path, and ignores what is not an http(s) address', () => {
    expect(loadConfig(env({})).publicUrl).toBeNull();
    expect(loadConfig(env({ SORTIE_PUBLIC_URL: 'https://sortie.example/agenda/' })).publicUrl).toBe('https://sortie.example');
    expect(loadConfig(env({ SORTIE_PUBLIC_URL: 'ftp://sortie.example' })).publicUrl).toBeNull();
    expect(loadConfig(env({ SORTIE_PUBLIC_URL: 'sortie.example' })).publicUrl).toBeNull();
  });

  it('reads the VAPID keys only as a pair, and one allowance of private origins for push endpoints and collectors (the old variable still counts for collectors)', () => {
    expect(loadConfig(env({})).vapid).toBeNull();
    expect(loadConfig(env({ VAPID_PUBLIC_KEY: 'pub' })).vapid).toBeNull();
    expect(loadConfig(env({ VAPID_PUBLIC_KEY: ' pub ', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@sortie.example' }))).toMatchObject({ vapid: { publicKey: 'pub', privateKey: 'priv' }, vapidSubject: 'mailto:ops@sortie.example' });
    const allowed = loadConfig(env({ SORTIE_ALLOWED_PRIVATE_ORIGINS: 'http://127.0.0.1:4555/push, pas une adresse, https://push.lan', SORTIE_COLLECTOR_ALLOWED_HOSTS: 'Intranet.local' }));
    expect(allowed.allowedPrivateOrigins).toEqual(['http://127.0.0.1:4555', 'https://push.lan']);
    expect(allowed.collectorAllowedHosts).toEqual(['intranet.local', '127.0.0.1', 'push.lan']);
  });

  it('sends HSTS everywhere only when SORTIE_HSTS=1', () => {
    expect(loadConfig(env({})).hsts).toBe(false);
    expect(loadConfig(env({ SORTIE_HSTS: '1' })).hsts).toBe(true);
  });

  it('keeps a checkout’s data in .data/ at its root, whichever folder the server starts from; SORTIE_DATA_DIR is relative to that folder', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    expect(loadConfig(env({}), '/tmp').dataDir).toBe(`${root}.data`);
    expect(loadConfig(env({}), `${root}packages/server`).dataDir).toBe(`${root}.data`);
    expect(loadConfig(env({ SORTIE_DATA_DIR: 'donnees' }), '/srv/sortie').dataDir).toBe('/srv/sortie/donnees');
    expect(loadConfig(env({ SORTIE_DATA_DIR: '/var/lib/sortie' }), '/tmp').dataDir).toBe('/var/lib/sortie');
  });
});
