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

  it('sends HSTS everywhere only when SORTIE_HSTS=1', () => {
    expect(loadConfig(env({})).hsts).toBe(false);
    expect(loadConfig(env({ SORTIE_HSTS: '1' })).hsts).toBe(true);
  });
});
