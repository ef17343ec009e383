import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff5a5f' } }).jpeg().toBuffer();

describe('a visitor’s own profile: name, city and picture', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email: 'camille@exemple.fr', password: 'un-mot-de-passe', displayName: 'Camille' } });
    cookie = await signIn(t.app, 'camille@exemple.fr', 'un-mot-de-passe');
  });
  afterAll(() => t.close());
  const patch = (payload: object, as = cookie) => t.app.inject({ method: 'PATCH', url: '/api/me/profile', payload, headers: as ? { cookie: as } : {} });
  const me = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();

  it('changes the name and the city, then clears the city', async () => {
    const saved = await patch({ displayName: 'Camille D.', city: 'Bordeaux' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: 'Camille D.', city: 'Bordeaux' });
    expect(await me()).toMatchObject({ displayName: 'Camille D.', city: 'Bordeaux' });
    expect((await patch({ city: null })).json()).not.toHaveProperty('city');
  });

  it('refuses what is not the visitor’s to change, in French, and anyone not signed in', async () => {
    const roles = await patch({ roles: ['admin'] });
    expect(roles.statusCode).toBe(400);
    const empty = await patch({ displayName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/nom affiché/i);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me/profile', payload: { city: 'Lyon' } })).statusCode).toBe(401);
  });

  it('takes an uploaded picture in two small widths, replaces it, and removes it back to initials, leaving no file behind', async () => {
    const upload = async () => t.app.inject({ method: 'PUT', url: '/api/me/avatar', payload: await photo(), headers: { cookie, 'content-type': 'image/jpeg' } });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const avatar: string = first.json().avatar;
    expect(avatar).toMatch(/^\/api\/images\/files\/[0-9a-f]{24}-192-[0-9a-f]{16}\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: avatar });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(192);

    const second = (await upload()).json().avatar as string;
    expect(second).not.toBe(avatar);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);

    expect((await patch({ avatar: null })).json()).not.toHaveProperty('avatar');
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);

    const notAPicture = await t.app.inject({ method: 'PUT', url: '/api/me/avatar', payload: Buffer.from('pas une image'), headers: { cookie, 'content-type': 'image/jpeg' } });
    expect(notAPicture.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/avatar', payload: await photo(), headers: { 'content-type': 'image/jpeg' } })).statusCode).toBe(401);
  });
});
