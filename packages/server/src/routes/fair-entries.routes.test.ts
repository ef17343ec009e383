import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_RATE_LIMIT, RaffleProofSchema } from '@sortie/core';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';

const HOUR = 3600_000;

describe.each(BACKENDS)('fair raffle and form entries on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let visitor: string;
  let unverified: string;
  // The app's clock, which the entry limit's window follows (a fake clock: no test waits).
  let clock = Date.parse('2026-05-04T10:00:00Z');
  let ip = 0;
  /** A fresh address per test, so that the entry limit counts only that test's attempts. */
  const nextIp = () => `198.51.100.${++ip}`;

  beforeAll(async () => {
    t = await testApp({ backend, now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    // An account whose address is not proven yet.
    const email = `pas-verifie-${backend}@exemple.fr`;
    expect((await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email, password: 'un-mot-de-passe', displayName: 'Paul' } })).statusCode).toBeLessThan(300);
    await t.db.query('UPDATE users SET email_verified_at = NULL WHERE lower(email) = $1', [email]);
    unverified = await signIn(t.app, email, 'un-mot-de-passe');
  });
  afterAll(() => t.close());

  const newRaffle = async (over: object = {}) => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/raffles', headers: { cookie: staff },
      payload: { title: 'Tombola loyale', prizes: [{ name: 'Un vinyle', quantity: 2 }], opensAt: new Date(clock - HOUR).toISOString(), closesAt: new Date(clock + 2 * HOUR).toISOString(), status: 'open', legalBasis: 'free_draw', ...over },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string; entryPolicy: string };
  };
  const enter = (id: string, payload: object, options: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries`, payload, remoteAddress: options.ip ?? nextIp(), headers: options.cookie ? { cookie: options.cookie } : {} });
  /** The link's token in the last mail to this address, as its reader would click it (the mail as it left: the mail log masks the link). */
  const mailedToken = async (to: string) => {
    const mail = t.outbox.filter((m) => m.to === to.toLowerCase()).at(-1);
    expect(mail?.subject).toMatch(/^Confirmez votre participation : Tombola loyale$/);
    expect(mail!.html).toContain('Confirmer ma participation</a>');
    return /https?:\/\/\S+\/raffles\/[0-9a-f]{24}\?confirmation=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  };
  const confirm = (id: string, token: string) => t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries/confirm`, payload: { token } });
  const raffle = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/raffles/${id}` })).json();
  const proofOf = async (id: string) => RaffleProofSchema.parse((await t.app.inject({ method: 'GET', url: `/api/raffles/${id}/proof` })).json());

  describe('a raffle for verified accounts (the default)', () => {
    it('is what a new raffle is', async () => {
      expect((await newRaffle()).entryPolicy).toBe('verified');
    });

    it('refuses a visitor without an account, and an account whose e-mail is not verified, in French', async () => {
      const { _id: id } = await newRaffle();
      const anonymous = await enter(id, { name: 'Zoé', email: 'zoe@exemple.fr' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'SIGN_IN_REQUIRED', message: 'Ce tirage est réservé aux comptes vérifiés : connectez-vous pour participer.' });
      const notVerified = await enter(id, { name: 'Paul' }, { cookie: unverified });
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect((await raffle(id)).entryCount).toBe(0);
    });

    it('answers 404 to an entry in a draft, as its address does: a draft is unseen but by staff', async () => {
      const { _id } = await newRaffle({ status: 'draft' });
      const res = await enter(_id, { name: 'Valentine' }, { cookie: visitor });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Tombola introuvable.');
      expect((await t.app.inject({ method: 'GET', url: `/api/raffles/${_id}`, headers: { cookie: staff } })).json().entryCount ?? 0).toBe(0);
    });

    it('takes a verified account once: the second entry is a 409 in French', async () => {
      const { _id: id } = await newRaffle();
      const first = await enter(id, { name: 'Valentine' }, { cookie: visitor });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ confirmed: true, name: 'Valentine' });
      const again = await enter(id, { name: 'Valentine bis' }, { cookie: visitor });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_ENTERED', message: 'Vous participez déjà à ce tirage.' });
      expect((await raffle(id)).entryCount).toBe(1);
    });
  });

  describe('a raffle confirmed by e-mail link', () => {
    it('counts a visitor’s entry once its mailed link is followed, and only once', async () => {
      const { _id: id } = await newRaffle({ entryPolicy: 'emailLink' });
      const pending = await enter(id, { name: 'Camille', email: 'camille.martin+jeu@gmail.com' });
      expect(pending.statusCode).toBe(202);
      expect(pending.json()).toMatchObject({ confirmed: false, name: 'Camille' });
      expect(JSON.stringify(pending.json())).not.toContain('gmail');
      expect((await raffle(id)).entryCount).toBe(0);

      const token = await mailedToken('camille.martin+jeu@gmail.com');
      const confirmed = await confirm(id, token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ _id: pending.json()._id, confirmed: true });
      expect((await raffle(id)).entryCount).toBe(1);
      const twice = await confirm(id, token);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'ALREADY_CONFIRMED', message: 'Cette participation est déjà confirmée. Bonne chance !' });
      expect((await confirm(id, 'x'.repeat(43))).json()).toMatchObject({ statusCode: 404, message: 'Ce lien de confirmation est inconnu : ouvrez le dernier lien reçu par e-mail.' });
      expect((await raffle(id)).entryCount).toBe(1);
    });

    it('lets a link expire after 48 hours, and then takes the address again with a new link', async () => {
      const { _id: id } = await newRaffle({ entryPolicy: 'emailLink', closesAt: new Date(clock + 5 * 24 * HOUR).toISOString() });
      expect((await enter(id, { name: 'Lina', email: 'lina@exemple.fr' })).statusCode).toBe(202);
      const old = await mailedToken('lina@exemple.fr');
      clock += 48 * HOUR;
      const expired = await confirm(id, old);
      expect(expired.json()).toMatchObject({ statusCode: 409, code: 'CONFIRMATION_EXPIRED', message: 'Ce lien de confirmation a expiré : participez à nouveau pour en recevoir un autre.' });
      expect((await enter(id, { name: 'Lina', email: 'lina@exemple.fr' })).statusCode).toBe(202);
      const fresh = await mailedToken('lina@exemple.fr');
      expect(fresh).not.toBe(old);
      expect((await confirm(id, fresh)).statusCode).toBe(200);
      expect((await raffle(id)).entryCount).toBe(1);
    });

    it('folds the address (case, Gmail’s dots, +tags) before the one-entry rule', async () => {
      const { _id: id } = await newRaffle({ entryPolicy: 'emailLink' });
      expect((await enter(id, { name: 'Jean', email: 'Jean.Dupont+tombola@gmail.com' })).statusCode).toBe(202);
      const waiting = await enter(id, { name: 'Jean', email: 'jeandupont@googlemail.com' });
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().code).toBe('ENTRY_PENDING');
      expect((await confirm(id, await mailedToken('Jean.Dupont+tombola@gmail.com'))).statusCode).toBe(200);
      for (const email of ['JEANDUPONT@gmail.com', 'j.e.a.n.dupont+2@gmail.com']) {
        const again = await enter(id, { name: 'Jean', email });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'ALREADY_ENTERED', message: 'Vous participez déjà à ce tirage.' });
      }
      // Outlook keeps its dots: another person.
      expect((await enter(id, { name: 'Jeanne', email: 'jean.dupont@outlook.fr' })).statusCode).toBe(202);
      expect((await enter(id, { name: 'Jean', email: 'jeandupont+x@outlook.fr' })).statusCode).toBe(202);
    });

    it('takes a verified account at once, and then not its address from a visitor', async () => {
      const { _id: id } = await newRaffle({ entryPolicy: 'emailLink' });
      expect((await enter(id, { name: 'Valentine' }, { cookie: visitor })).statusCode).toBe(201);
      const borrowed = await enter(id, { name: 'Valentine', email: DEMO_ACCOUNTS.visitor.email.toUpperCase() });
      expect(borrowed.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_ENTERED' });
      // An account whose address is not verified gets a link too.
      expect((await enter(id, { name: 'Paul' }, { cookie: unverified })).statusCode).toBe(202);
    });

    it('draws only the confirmed entries, and its proof lists exactly those', async () => {
      const { _id: id } = await newRaffle({ entryPolicy: 'emailLink' });
      const counted = [(await enter(id, { name: 'Valentine' }, { cookie: visitor })).json()._id];
      for (const name of ['ana', 'bruno']) {
        const res = await enter(id, { name, email: `${name}@exemple.fr` });
        expect((await confirm(id, await mailedToken(`${name}@exemple.fr`))).statusCode).toBe(200);
        counted.push(res.json()._id);
      }
      const pending = (await enter(id, { name: 'Chloé', email: 'chloe@exemple.fr' })).json()._id;
      const lateToken = await mailedToken('chloe@exemple.fr');
      const staffList = (await t.app.inject({ method: 'GET', url: `/api/raffles/${id}/entries`, headers: { cookie: staff } })).json();
      expect(staffList.items.map((e: { _id: string; confirmed: boolean }) => [e._id, e.confirmed])).toContainEqual([pending, false]);

      clock += 3 * HOUR;
      const late = await confirm(id, lateToken);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('RAFFLE_CLOSED');
      const closed = await proofOf(id);
      expect(closed.entryIds).toEqual([...counted].sort());
      expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/draw`, headers: { cookie: staff } })).statusCode).toBe(200);
      const proof = await proofOf(id);
      expect(proof.entryIds).not.toContain(pending);
      expect(proof.winners).toHaveLength(2);
      for (const winner of proof.winners) expect(counted).toContain(winner.entryId);
      expect((await raffle(id)).entryCount).toBe(3);
    });
  });

  describe('the entry limit per address and per raffle', () => {
    it('answers 429 in French with Retry-After past the limit, for this address and this raffle only, until the window is over', async () => {
      clock = Date.parse('2026-05-05T10:00:00Z');
      const { _id: id } = await newRaffle({ entryPolicy: 'emailLink', closesAt: new Date(clock + 24 * HOUR).toISOString() });
      const { _id: other } = await newRaffle({ entryPolicy: 'emailLink', closesAt: new Date(clock + 24 * HOUR).toISOString() });
      const address = nextIp();
      for (let i = 0; i < ENTRY_RATE_LIMIT.max; i += 1) expect((await enter(id, { name: `P${i}`, email: `p${i}@exemple.fr` }, { ip: address })).statusCode).toBe(202);
      clock += 60_000;
      const over = await enter(id, { name: 'Trop', email: 'trop@exemple.fr' }, { ip: address });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Trop de participations depuis votre connexion : réessayez dans 9 min.' });
      expect(Number(over.headers['retry-after'])).toBe(ENTRY_RATE_LIMIT.windowMs / 1000 - 60);
      // Another address, or another raffle, is not held back.
      expect((await enter(id, { name: 'Autre', email: 'autre@exemple.fr' })).statusCode).toBe(202);
      expect((await enter(other, { name: 'Trop', email: 'trop@exemple.fr' }, { ip: address })).statusCode).toBe(202);
      clock += ENTRY_RATE_LIMIT.windowMs;
      expect((await enter(id, { name: 'Trop', email: 'trop@exemple.fr' }, { ip: address })).statusCode).toBe(202);
    });
  });

  describe('a form', () => {
    const newForm = async (over: object) => {
      const res = await t.app.inject({
        method: 'POST', url: '/api/forms', headers: { cookie: staff },
        payload: { title: 'Bénévoles', fields: [{ key: 'nom', label: 'Nom', type: 'text', required: true }, { key: 'courriel', label: 'E-mail', type: 'email', required: true }], ...over },
      });
      expect(res.statusCode).toBe(201);
      return res.json()._id as string;
    };
    const answer = (id: string, answers: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url: `/api/forms/${id}/entries`, payload: { answers }, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });

    it('keeps one answer per person when it says so, by folded e-mail and by account', async () => {
      const id = await newForm({ onePerPerson: true });
      expect((await answer(id, { nom: 'Lou', courriel: 'Lou.Martin+festival@gmail.com' })).statusCode).toBe(201);
      const again = await answer(id, { nom: 'Lou', courriel: 'loumartin@gmail.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_ANSWERED', message: 'Vous avez déjà répondu à ce formulaire.' });
      expect((await answer(id, { nom: 'Valentine', courriel: 'v1@exemple.fr' }, visitor)).statusCode).toBe(201);
      expect((await answer(id, { nom: 'Valentine', courriel: 'v2@exemple.fr' }, visitor)).statusCode).toBe(409);
    });

    it('takes several answers from one address when it does not', async () => {
      const id = await newForm({});
      for (let i = 0; i < 2; i += 1) expect((await answer(id, { nom: 'Lou', courriel: 'lou@exemple.fr' })).statusCode).toBe(201);
    });

    it('answers only verified accounts when it asks for them', async () => {
      const id = await newForm({ requireVerified: true });
      expect((await answer(id, { nom: 'Lou', courriel: 'lou@exemple.fr' })).json()).toMatchObject({ statusCode: 401, code: 'SIGN_IN_REQUIRED' });
      expect((await answer(id, { nom: 'Paul', courriel: 'paul@exemple.fr' }, unverified)).json()).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
      expect((await answer(id, { nom: 'Valentine', courriel: 'v@exemple.fr' }, visitor)).statusCode).toBe(201);
    });
  });
});
