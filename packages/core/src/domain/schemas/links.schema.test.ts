import { describe, expect, it } from 'vitest';
import { DynaLinkInputSchema, linkTargetFor, utmOf, withUtm } from './links.schema';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('a short link’s rules (issue 36)', () => {
  const link = { url: 'https://exemple.fr/', targets: { ios: 'https://apps.apple.com/x', android: 'https://play.google.com/x', desktop: 'https://exemple.fr/ordinateur' } };

  it('sends each system to its target, as the store redirect tells them apart, and the others to the url', () => {
    expect(linkTargetFor(link, IPHONE)).toBe('https://apps.apple.com/x');
    expect(linkTargetFor(link, IPAD)).toBe('https://apps.apple.com/x');
    expect(linkTargetFor(link, ANDROID)).toBe('https://play.google.com/x');
    expect(linkTargetFor(link, DESKTOP)).toBe('https://exemple.fr/ordinateur');
    // A phone of another system is no computer.
    expect(linkTargetFor(link, 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5')).toBe('https://exemple.fr/');
    expect(linkTargetFor({ url: 'https://exemple.fr/' }, IPHONE)).toBe('https://exemple.fr/');
    expect(linkTargetFor({ url: 'https://exemple.fr/', targets: { android: 'https://play.google.com/x' } }, IPHONE)).toBe('https://exemple.fr/');
  });

  it('accepts http(s) targets only, and a password of 4 to 200 characters or none', () => {
    expect(DynaLinkInputSchema.safeParse({ url: 'https://exemple.fr/', targets: { ios: 'javascript:alert(1)' } }).success).toBe(false);
    expect(DynaLinkInputSchema.safeParse({ url: 'https://exemple.fr/', targets: { desktop: 'http://exemple.fr/' } }).success).toBe(true);
    expect(DynaLinkInputSchema.safeParse({ url: 'https://exemple.fr/', password: 'abc' }).success).toBe(false);
    expect(DynaLinkInputSchema.safeParse({ url: 'https://exemple.fr/', password: 'abcd' }).success).toBe(true);
    expect(DynaLinkInputSchema.safeParse({ url: 'https://exemple.fr/', password: '' }).success).toBe(true);
  });

  it('reads and writes an address’s UTM parameters, keeping its others', () => {
    expect(utmOf('https://exemple.fr/?a=1&utm_source=affiche&utm_campaign=ete')).toEqual({ source: 'affiche', campaign: 'ete' });
    expect(utmOf('https://exemple.fr/?a=1')).toBeNull();
    expect(utmOf('pas une adresse')).toBeNull();
    expect(withUtm('https://exemple.fr/?a=1&utm_source=vieux', { source: 'instagram', medium: 'story', campaign: ' ' })).toBe('https://exemple.fr/?a=1&utm_source=instagram&utm_medium=story');
    expect(withUtm('https://exemple.fr/?utm_source=vieux', {})).toBe('https://exemple.fr/');
  });
});
