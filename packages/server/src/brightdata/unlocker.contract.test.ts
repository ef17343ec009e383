import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBrightData } from './fake-brightdata';
import { BrightDataError } from './port';
import { brightDataFromConfig, WebUnlocker } from './unlocker';

const TOKEN = 'brd-token-0123456789';
const ZONE = 'web_unlocker1';

describe('the Bright Data adapter against a fake shaped like its Web Unlocker API', () => {
  let brd: Awaited<ReturnType<typeof startFakeBrightData>>;
  beforeAll(async () => {
    brd = await startFakeBrightData({
      token: TOKEN,
      zone: ZONE,
      pages: {
        'https://billetterie.example/agenda': { body: '<html><title>Agenda</title></html>' },
        'https://billetterie.example/disparu': { status: 404, body: 'Not found' },
      },
    });
  });
  afterAll(() => brd.close());

  it('POSTs {zone, url, format: raw} to /request with the Bearer token and gets the page itself', async () => {
    const unlocker = new WebUnlocker({ apiToken: TOKEN, zone: ZONE, apiUrl: brd.url });
    const page = await unlocker.fetch('https://billetterie.example/agenda');
    expect(page).toEqual({ status: 200, text: '<html><title>Agenda</title></html>', url: 'https://billetterie.example/agenda' });
    expect(brd.requests.at(-1)).toEqual({ method: 'POST', path: '/request', authorization: `Bearer ${TOKEN}`, body: { zone: ZONE, url: 'https://billetterie.example/agenda', format: 'raw' } });
  });

  it('refuses in French: a wrong token (401), an unknown zone (400), a page that answers 404 through the unlocker, an unreachable site', async () => {
    const wrongToken = new WebUnlocker({ apiToken: 'nope', zone: ZONE, apiUrl: brd.url });
    const refused = await wrongToken.fetch('https://billetterie.example/agenda').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BrightDataError);
    expect((refused as BrightDataError).message).toBe('Jeton Bright Data refusé (Bright Data : Unauthorized).');
    expect((refused as BrightDataError).status).toBe(401);

    const wrongZone = new WebUnlocker({ apiToken: TOKEN, zone: 'inconnue', apiUrl: brd.url });
    await expect(wrongZone.fetch('https://billetterie.example/agenda')).rejects.toThrow('Demande refusée par Bright Data : zone inconnue ou adresse invalide (Bright Data : zone \'inconnue\' not found).');

    const unlocker = new WebUnlocker({ apiToken: TOKEN, zone: ZONE, apiUrl: brd.url });
    await expect(unlocker.fetch('https://billetterie.example/disparu')).rejects.toThrow('La page a répondu HTTP 404 au travers de Bright Data.');
    await expect(unlocker.fetch('https://ailleurs.example/')).rejects.toThrow('Bright Data n’a pas pu lire la page (HTTP 502) (Bright Data : target site unreachable).');
    await expect(new WebUnlocker({ apiToken: TOKEN, zone: ZONE, apiUrl: 'http://127.0.0.1:1' }).fetch('https://billetterie.example/agenda')).rejects.toThrow(/^Bright Data injoignable : /);
  });

  it('refuses a page larger than the limit', async () => {
    const unlocker = new WebUnlocker({ apiToken: TOKEN, zone: ZONE, apiUrl: brd.url });
    await expect(unlocker.fetch('https://billetterie.example/agenda', { maxBytes: 10 })).rejects.toThrow('Page trop volumineuse');
  });

  it('lists the active zones with the token (the diagnostics’ cheap call)', async () => {
    const unlocker = new WebUnlocker({ apiToken: TOKEN, zone: ZONE, apiUrl: brd.url });
    expect(await unlocker.zones()).toEqual([ZONE]);
    expect(brd.requests.at(-1)).toMatchObject({ method: 'GET', path: '/zone/get_active_zones', authorization: `Bearer ${TOKEN}` });
  });

  it('is configured only with both the token and the zone', () => {
    expect(brightDataFromConfig({ brightdata: { apiToken: TOKEN, zone: null, apiUrl: brd.url, testUrl: '' } })).toBeNull();
    expect(brightDataFromConfig({ brightdata: { apiToken: TOKEN, zone: ZONE, apiUrl: brd.url, testUrl: '' } })).toBeInstanceOf(WebUnlocker);
  });
});
