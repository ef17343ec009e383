import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGraph } from './fake-graph';
import { GraphInstagram, instagramFromConfig } from './graph-adapter';
import { InstagramError } from './port';

const TOKEN = 'EAAG-long-lived-token';
const USER = '17841400000000001';

describe('the Instagram adapter against a fake shaped like the Graph API', () => {
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  beforeAll(async () => {
    graph = await startFakeGraph({ token: TOKEN, userId: USER, username: 'le_confort_moderne' });
  });
  afterAll(() => graph.close());

  it('publishes in two steps — a container with image_url and caption, then media_publish with its creation_id — and reads the permalink', async () => {
    const instagram = new GraphInstagram({ accessToken: TOKEN, userId: USER, graphUrl: graph.url });
    const start = graph.requests.length;
    const published = await instagram.publish({ imageUrl: 'https://sortie.example/api/og/events/abc.png', caption: 'Concert ce soir 🎸\n\n#poitiers' });
    const [create, publish, read] = graph.requests.slice(start);
    expect(create).toMatchObject({ method: 'POST', path: `/v21.0/${USER}/media`, authorization: `Bearer ${TOKEN}`, body: { image_url: 'https://sortie.example/api/og/events/abc.png', caption: 'Concert ce soir 🎸\n\n#poitiers' } });
    expect(publish).toMatchObject({ method: 'POST', path: `/v21.0/${USER}/media_publish`, authorization: `Bearer ${TOKEN}` });
    expect(publish!.body['creation_id']).toMatch(/^\d+$/);
    expect(read).toMatchObject({ method: 'GET', path: `/v21.0/${published.mediaId}`, query: { fields: 'permalink' } });
    expect(published.permalink).toBe(`https://www.instagram.com/p/FAKE${published.mediaId}/`);
    expect(graph.media.get(published.mediaId)).toEqual({ caption: 'Concert ce soir 🎸\n\n#poitiers' });
  });

  it('reads the account (the diagnostics’ cheap call)', async () => {
    const instagram = new GraphInstagram({ accessToken: TOKEN, userId: USER, graphUrl: graph.url });
    expect(await instagram.account()).toEqual({ id: USER, username: 'le_confort_moderne' });
    expect(graph.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v21.0/${USER}`, query: { fields: 'id,username' } });
  });

  it('turns Graph’s {error:{message,type,code}} into a French reason: an expired token (190), a rate limit (4), an unreadable image (9004)', async () => {
    const refused = new GraphInstagram({ accessToken: 'wrong', userId: USER, graphUrl: graph.url });
    const expired = await refused.publish({ imageUrl: 'https://x.example/a.jpg', caption: 'x' }).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(InstagramError);
    expect((expired as InstagramError).message).toBe('Jeton d’accès Instagram refusé ou expiré (Instagram : Invalid OAuth access token - Cannot parse access token).');
    expect((expired as InstagramError).code).toBe(190);

    const instagram = new GraphInstagram({ accessToken: TOKEN, userId: USER, graphUrl: graph.url });
    graph.failNext(400, { message: 'Application request limit reached', type: 'OAuthException', code: 4 });
    await expect(instagram.publish({ imageUrl: 'https://x.example/a.jpg', caption: 'x' })).rejects.toThrow(/^Trop de publications : Instagram limite le nombre d’appels/);
    graph.failNext(400, { message: 'Only photo or video can be accepted as media type.', type: 'OAuthException', code: 9004 });
    await expect(instagram.publish({ imageUrl: 'https://x.example/a.gif', caption: 'x' })).rejects.toThrow('Instagram n’a pas pu lire le visuel (JPEG public attendu, format 4:5 à 1,91:1) (Instagram : Only photo or video can be accepted as media type.).');
  });

  it('refuses an answer without what it asked for (no container id) rather than publishing « undefined »', async () => {
    const instagram = new GraphInstagram({ accessToken: TOKEN, userId: USER, graphUrl: graph.url }, async () => new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const refused = await instagram.publish({ imageUrl: 'https://x.example/a.jpg', caption: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InstagramError);
    expect(refused).toMatchObject({ message: 'Instagram a répondu sans ce qui était demandé (HTTP 200).', status: 200, code: null });
  });

  it('says so when the Graph API cannot be reached', async () => {
    const instagram = new GraphInstagram({ accessToken: TOKEN, userId: USER, graphUrl: 'http://127.0.0.1:1/v21.0' });
    await expect(instagram.account()).rejects.toThrow(/^Instagram injoignable : /);
  });

  it('is configured only with both the token and the account id', () => {
    expect(instagramFromConfig({ instagram: { accessToken: TOKEN, userId: null, graphUrl: graph.url } })).toBeNull();
    expect(instagramFromConfig({ instagram: { accessToken: null, userId: USER, graphUrl: graph.url } })).toBeNull();
    expect(instagramFromConfig({ instagram: { accessToken: TOKEN, userId: USER, graphUrl: graph.url } })).toBeInstanceOf(GraphInstagram);
  });
});
