import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountExportSchema, checkDraw, DELETED_ACCOUNT_LABEL, RaffleProofSchema } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { nodeDrawCrypto } from '../raffles/draw';
import { newId } from '../db/store';

const HOUR = 3600_000;
const EMAIL = 'zephyrine.effacee@exemple.fr';
const NAME = 'Zéphyrine Effacée-Testeuse';
const PASSWORD = 'un mot de passe solide';

describe('RGPD: a visitor’s export and the deletion of their account', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let clock = Date.now();
  let admin: string;
  let staff: string;
  let cookie: string;
  let userId: string;
  let raffleId: string;
  let formId: string;
  let proofBefore: z.infer<typeof RaffleProofSchema>;
  let apiKey: string;

  const as = (who: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });
  const ok = async (promise: ReturnType<typeof as>, status = [200, 201]) => {
    const res = await promise;
    expect(status, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    return res;
  };

  /** A new account of the embedded provider, signed in, its e-mail verified: its session cookie and id. */
  async function newAccount(email: string, displayName: string, password = PASSWORD) {
    const signUp = await ok(as(undefined, 'POST', '/api/identity/signUp', { email, password, displayName }));
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const login = await ok(as(undefined, 'POST', '/api/auth/login/web', { idToken: signUp.json().idToken }));
    const session = login.cookies.find((c) => c.name.endsWith('sortie_session'))!;
    return { cookie: `${session.name}=${session.value}`, id: z.string().parse(login.json().user._id) };
  }

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    ({ cookie, id: userId } = await newAccount(EMAIL, NAME));

    // What a visitor does: likes, follows, a share, notifications, a form answer, a raffle entry.
    await ok(as(cookie, 'PUT', `/api/me/likes/${DEMO_IDS.firstEvent}`));
    await ok(as(cookie, 'POST', '/api/me/follows', { target: { kind: 'place', id: DEMO_IDS.places.tapGarden } }));
    await ok(as(cookie, 'POST', '/api/shares', { target: { kind: 'event', id: DEMO_IDS.firstEvent } }));
    await t.app.ctx.notify({ userId, title: `Bonjour ${NAME}`, body: 'Votre tombola est tirée.' });

    formId = (
      await ok(as(staff, 'POST', '/api/forms', {
        title: 'Bénévoles du festival',
        fields: [
          { key: 'name', label: 'Nom', type: 'text', required: true },
          { key: 'email', label: 'E-mail', type: 'email' },
          { key: 'guests', label: 'Accompagnants', type: 'number' },
          { key: 'shirt', label: 'Taille de t-shirt', type: 'select', options: ['S', 'M', 'L'] },
        ],
      }))
    ).json()._id;
    await ok(as(cookie, 'POST', `/api/forms/${formId}/entries`, { answers: { name: NAME, email: EMAIL, guests: 2, shirt: 'M' } }));
    // A friend, signed in, names the visitor in their own answer.
    await ok(as(staff, 'POST', `/api/forms/${formId}/entries`, { answers: { name: `Samir, avec ${NAME}`, email: EMAIL, guests: 1, shirt: 'L' } }));

    raffleId = (
      await ok(as(staff, 'POST', '/api/raffles', {
        title: 'Tombola du printemps', prizes: [{ name: 'Deux places', quantity: 3 }],
        opensAt: new Date(clock - HOUR).toISOString(), closesAt: new Date(clock + HOUR).toISOString(), status: 'open', legalBasis: 'free_draw',
      }))
    ).json()._id;
    await ok(as(cookie, 'POST', `/api/raffles/${raffleId}/entries`, { name: NAME }));
    await ok(as(staff, 'POST', `/api/raffles/${raffleId}/entries`, { name: 'Samir' }));
    await ok(as(admin, 'POST', `/api/raffles/${raffleId}/entries`, { name: 'Alice' }));

    // Made staff by an admin (the audit log names both), the visitor makes a short link and an API key.
    await ok(as(admin, 'PUT', `/api/users/${userId}/roles`, { roles: ['staff'] }));
    await ok(as(cookie, 'POST', '/api/dynaLinks', { url: 'https://exemple.fr/affiche', shortCode: 'affiche-printemps' }));
    apiKey = (await ok(as(cookie, 'POST', '/api/me/apiKeys', { name: `Script de ${NAME}`, scopes: ['links', 'read'] }))).json().key;
    // Their picture, resized by the server.
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#7c5cff' } }).jpeg().toBuffer();
    await ok(t.app.inject({ method: 'PUT', url: '/api/me/avatar', payload: photo, headers: { cookie, 'content-type': 'image/jpeg' } }));
    // A place in a tournament, under their name.
    await t.db.query(
      `UPDATE tournaments SET data = jsonb_set(data, '{participants}', COALESCE(data->'participants', '[]'::jsonb) || $2::jsonb) WHERE id = $1`,
      [DEMO_IDS.tournament, JSON.stringify([{ id: 'p-99', name: NAME, seed: 99, userId, checkedIn: false, dropped: false }])],
    );
    // A badge, and a mail kept in the mailbox.
    const [badge] = await t.db.query('SELECT id FROM badges LIMIT 1');
    await t.db.query(`INSERT INTO user_badges (id, user_id, badge_id, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [newId(), userId, badge!.id, JSON.stringify({ userId, badgeId: badge!.id, awardedAt: new Date(clock).toISOString() })]);
    await t.db.query(`INSERT INTO mails (id, "to", user_id, subject, html, text, status) VALUES ($1, $2, $3, $4, $5, $6, 'kept')`, [newId(), EMAIL, userId, 'Bienvenue', `<p>Bonjour ${NAME}</p>`, `Bonjour ${NAME}`]);

    // The raffle closes and is drawn: three prizes, three entries, the visitor wins one.
    clock += 2 * HOUR;
    await ok(as(staff, 'POST', `/api/raffles/${raffleId}/draw`));
    proofBefore = RaffleProofSchema.parse((await ok(as(undefined, 'GET', `/api/raffles/${raffleId}/proof`))).json());
  }, 120_000);
  afterAll(() => t.close());

  it('exports, as a download, every kind of record the visitor made, without a secret', async () => {
    const res = await ok(as(cookie, 'GET', '/api/me/export'));
    expect(res.headers['content-disposition']).toBe('attachment; filename="sortie-mes-donnees.json"');
    expect(res.headers['content-type']).toContain('application/json');
    const data = AccountExportSchema.parse(res.json());
    expect(data.account).toEqual({ id: userId, email: EMAIL, displayName: NAME });
    const kinds = ['account', 'sessions', 'likes', 'follows', 'shares', 'shortLinks', 'formEntries', 'raffleEntries', 'notifications', 'badges', 'apiKeys', 'mails', 'auditLog', 'images', 'tournaments'];
    for (const kind of kinds) expect(data.records[kind]?.length ?? 0, kind).toBeGreaterThan(0);
    expect(data.records.likes![0]).toMatchObject({ event_id: DEMO_IDS.firstEvent });
    expect(data.records.follows![0]).toMatchObject({ target_id: DEMO_IDS.places.tapGarden });
    // Their own answer, not the friend's that names them; of the audit log, what was done, never a staff member's e-mail.
    expect(data.records.formEntries).toEqual([expect.objectContaining({ form_id: formId, data: expect.objectContaining({ answers: { name: NAME, email: EMAIL, guests: 2, shirt: 'M' } }) })]);
    expect(data.records.auditLog).toContainEqual(expect.objectContaining({ action: 'user.roles', targetId: userId, byMe: false, after: { roles: ['staff'] } }));
    expect(res.body).not.toContain(DEMO_ACCOUNTS.admin.email);
    expect(res.body).not.toContain(DEMO_ACCOUNTS.staff.email);
    expect(data.records.raffleEntries![0]).toMatchObject({ raffle_id: raffleId, data: { name: NAME } });
    expect(data.records.apiKeys![0]).toMatchObject({ name: `Script de ${NAME}`, scopes: ['read', 'links'] });
    expect(data.records.account![0]).toMatchObject({ id: userId, email: EMAIL });
    // Of a tournament, only the visitor's own place: not the other participants.
    expect(data.records.tournaments).toEqual([expect.objectContaining({ tournamentId: DEMO_IDS.tournament, participant: expect.objectContaining({ id: 'p-99', name: NAME }) })]);
    // Never a password, a session token or a key, nor their hashes; nobody else's records.
    expect(res.body.match(/password_hash|token_hash|key_hash|scrypt\$/)).toBeNull();
    expect(res.body).not.toContain(DEMO_ACCOUNTS.visitor.email);
  });

  it('exports and deletes only with a session: 401 without one, 403 with an API key of the account', async () => {
    expect((await as(undefined, 'GET', '/api/me/export')).statusCode).toBe(401);
    const byKey = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: { authorization: `Bearer ${apiKey}` } });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe('Cette action demande une session : elle n’est pas ouverte aux clés d’API.');
    const deleteByKey = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { authorization: `Bearer ${apiKey}` }, payload: { password: PASSWORD } });
    expect(deleteByKey.statusCode).toBe(403);
    expect((await as(cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('asks for the password, in French, before deleting anything', async () => {
    const missing = await as(cookie, 'DELETE', '/api/me', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Indiquez votre mot de passe pour confirmer la suppression.');
    const wrong = await as(cookie, 'DELETE', '/api/me', { password: 'pas le bon mot de passe' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Mot de passe incorrect : votre compte n’a pas été supprimé.');
    expect((await as(cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses to delete the last admin’s account', async () => {
    const res = await as(admin, 'DELETE', '/api/me', { password: 'sortie-demo' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_ADMIN');
  });

  it('deletes the account: 204, signed out, nothing left in any table names the person, the raffle’s proof still verifies', async () => {
    const res = await as(cookie, 'DELETE', '/api/me', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = res.cookies.find((c) => c.name.endsWith('sortie_session'));
    expect(cleared?.value).toBe('');
    expect((await as(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);

    // Every text and JSON column of every table, read from the database's catalogue.
    const columns = await t.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
       WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'tsvector')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [row] = await t.db.query(
        `SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower("${column}"::text), $1) > 0 OR strpos(lower("${column}"::text), lower($2)) > 0 OR strpos(lower("${column}"::text), 'zephyrine') > 0`,
        [EMAIL, NAME],
      );
      if (row!.n) found.push(`${table}.${column}: ${row!.n}`);
    }
    expect(found).toEqual([]);
    // No row keyed by the account's id either, where a column holds a user's id.
    for (const table of ['users', 'sessions', 'likes', 'follows', 'notifications', 'user_badges', 'api_keys', 'form_entries', 'shares', 'mails']) {
      const [row] = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'users' ? 'id' : 'user_id'} = $1`, [userId]);
      expect(row!.n, table).toBe(0);
    }

    // The raffle keeps its three entries; its proof is the same and still verifies, the prize listed under « compte supprimé ».
    const proof = RaffleProofSchema.parse((await ok(as(undefined, 'GET', `/api/raffles/${raffleId}/proof`))).json());
    expect(proof.entryIds).toEqual(proofBefore.entryIds);
    expect(proof.entriesHash).toBe(proofBefore.entriesHash);
    expect(await checkDraw(proof, nodeDrawCrypto)).toMatchObject({ seedMatches: true, entriesMatch: true, winnersMatch: true });
    expect(proof.winners.map((w) => w.name).sort()).toEqual(['Alice', 'Samir', DELETED_ACCOUNT_LABEL].sort());
    const entries = (await ok(as(staff, 'GET', `/api/raffles/${raffleId}/entries`))).json();
    expect(entries.meta.total).toBe(3);

    // The form keeps its count and the answers that name nobody.
    const form = (await ok(as(staff, 'GET', `/api/forms/${formId}/entries`))).json();
    expect(form.items).toHaveLength(2);
    expect(form.items[0].answers).toEqual({ guests: 2, shirt: 'M' });
    expect(form.items[0].userId).toBeUndefined();
    // The friend's answer stays theirs, without the visitor's name or e-mail.
    expect(form.items[1]).toMatchObject({ userId: DEMO_IDS.users.staff, answers: { name: `Samir, avec ${DELETED_ACCOUNT_LABEL}`, email: DELETED_ACCOUNT_LABEL, guests: 1, shirt: 'L' } });
    expect((await ok(as(staff, 'GET', `/api/forms/${formId}`))).json().entryCount).toBe(2);

    // The audit log still tells what happened, without the person.
    const audit = await t.db.query(`SELECT actor_label, action FROM audit_log WHERE target_id = $1 OR actor_id = $1 ORDER BY id`, [userId]);
    expect(audit.map((row) => row.action)).toContain('user.delete');
    expect(audit.filter((row) => row.action === 'user.delete').map((row) => row.actor_label)).toEqual([DELETED_ACCOUNT_LABEL]);

    // Their place in the tournament stays, under « compte supprimé », without the account.
    const [tournament] = await t.db.query(`SELECT data->'participants' AS participants FROM tournaments WHERE id = $1`, [DEMO_IDS.tournament]);
    expect(tournament!.participants).toContainEqual(expect.objectContaining({ id: 'p-99', name: DELETED_ACCOUNT_LABEL }));
    expect(JSON.stringify(tournament!.participants)).not.toContain(userId);

    // Their picture is gone, files and all.
    expect(await t.db.query(`SELECT 1 FROM images WHERE data->>'uploadedBy' = $1`, [userId])).toEqual([]);

    // Its short link still leads where it led.
    expect((await t.app.inject({ method: 'GET', url: '/r/affiche-printemps' })).statusCode).toBe(302);
  });

  it('removes an entry of a raffle still open (the person leaves it), counted one less', async () => {
    const other = await newAccount('quentin.parti@exemple.fr', 'Quentin Parti');
    const id = (
      await ok(as(staff, 'POST', '/api/raffles', {
        title: 'Tombola ouverte', prizes: [{ name: 'Un vinyle', quantity: 1 }],
        opensAt: new Date(clock - HOUR).toISOString(), closesAt: new Date(clock + HOUR).toISOString(), status: 'open', legalBasis: 'free_draw',
      }))
    ).json()._id;
    await ok(as(other.cookie, 'POST', `/api/raffles/${id}/entries`, { name: 'Quentin Parti' }));
    await ok(as(staff, 'POST', `/api/raffles/${id}/entries`, { name: 'Samir' }));
    expect((await ok(as(other.cookie, 'DELETE', '/api/me', { password: PASSWORD }), [204])).statusCode).toBe(204);
    const entries = (await ok(as(staff, 'GET', `/api/raffles/${id}/entries`))).json();
    expect(entries.items.map((e: { name: string }) => e.name)).toEqual(['Samir']);
    expect((await ok(as(staff, 'GET', `/api/raffles/${id}`))).json().entryCount).toBe(1);
  });

  describe('an account without a password (Google, Apple, Firebase)', () => {
    async function providerAccount(email: string) {
      const user = await t.app.ctx.users.create({ email, displayName: 'Compte Google', firebaseUid: `uid-${newId()}` });
      const token = await t.app.ctx.users.createSession(user._id);
      return { id: user._id, cookie: `sortie_session=${token}`, token };
    }

    it('is deleted after a fresh sign-in (less than 5 minutes)', async () => {
      const account = await providerAccount('google.frais@exemple.fr');
      const res = await as(account.cookie, 'DELETE', '/api/me', {});
      expect(res.statusCode, res.body).toBe(204);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [account.id])).toEqual([]);
    });

    it('asks, in French, to sign in again when the session is older', async () => {
      const account = await providerAccount('google.ancien@exemple.fr');
      await t.db.query(`UPDATE sessions SET created_at = now() - interval '10 minutes' WHERE user_id = $1`, [account.id]);
      const res = await as(account.cookie, 'DELETE', '/api/me', {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SIGN_IN_AGAIN' });
      expect(res.json().message).toContain('reconnectez-vous');
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [account.id])).toHaveLength(1);
    });
  });
});
