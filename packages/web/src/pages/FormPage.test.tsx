import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, FakeClock, aUser, anId } from '@sortie/core/testing';
import { ApiError, NotFoundError, ValidationError } from '@sortie/core';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./FormPage'), import('./FormEntryPage')]);
}, 60_000);


const FORM_ID = anId(70);
const fields = [
  { key: 'nom', label: 'Nom', type: 'text', required: true, options: [] },
  { key: 'email', label: 'E-mail', type: 'email', required: true, options: [] },
  { key: 'age', label: 'Âge', type: 'number', required: false, options: [] },
  { key: 'creneau', label: 'Créneau', type: 'select', required: true, options: ['Matin', 'Soir'] },
  { key: 'majeur', label: 'Je suis majeur', type: 'checkbox', required: true, options: [] },
  { key: 'jour', label: 'Jour préféré', type: 'date', required: false, options: [] },
  { key: 'message', label: 'Message', type: 'textarea', required: false, options: [] },
];
const aForm = (overrides: Record<string, unknown> = {}) => ({
  _id: FORM_ID, title: 'Devenir bénévole', description: 'Rejoignez **l’équipe**.', fields, entryCount: 0, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', ...overrides,
});

function apiWith(form = aForm()) {
  const api = new FakeProductApi().seed('forms', form);
  api.answer('request', (method: string, path: string, options: { body?: { answers: Record<string, unknown> } }) => {
    if (method === 'POST' && path === `/forms/${FORM_ID}/entries`) return { _id: anId(71), formId: FORM_ID, entryCode: 'Xy7Kp2Qa', answers: options.body!.answers, createdAt: '2026-01-15T20:00:00Z', updatedAt: '2026-01-15T20:00:00Z' };
    throw new Error(`unexpected ${method} ${path}`);
  });
  return api;
}

describe('/forms/{id}', () => {
  it('renders every kind of field with its label, and the description', async () => {
    await renderApp({ path: `/forms/${FORM_ID}`, api: apiWith() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Devenir bénévole' })).toBeTruthy();
    expect(screen.getByText('l’équipe')).toBeTruthy();
    expect((screen.getByLabelText(/^Nom/) as HTMLInputElement).type).toBe('text');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText(/^Âge/) as HTMLInputElement).type).toBe('number');
    expect(within(screen.getByLabelText(/^Créneau/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisissez…', 'Matin', 'Soir']);
    expect((screen.getByLabelText(/^Je suis majeur/) as HTMLInputElement).type).toBe('checkbox');
    expect((screen.getByLabelText(/^Jour préféré/) as HTMLInputElement).type).toBe('date');
    expect(screen.getByLabelText(/^Message/).tagName).toBe('TEXTAREA');
  });

  it('says in French what is missing or wrong, without sending anything', async () => {
    const api = apiWith();
    const { user } = await renderApp({ path: `/forms/${FORM_ID}`, api });
    await user.type(await screen.findByLabelText(/^E-mail/), 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(screen.getByRole('alert').textContent).toBe('4 réponses sont à corriger.');
    expect(screen.getByText('« Nom » est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Adresse e-mail invalide.')).toBeTruthy();
    expect(screen.getByText('« Créneau » est obligatoire.')).toBeTruthy();
    expect(screen.getByText('« Je suis majeur » est obligatoire.')).toBeTruthy();
    expect(screen.getByLabelText(/^Nom/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('request')).toEqual([]);
  });

  it('sends typed answers and shows the entry code with a link to the entry', async () => {
    const api = apiWith();
    const { user } = await renderApp({ path: `/forms/${FORM_ID}`, api });
    await user.type(await screen.findByLabelText(/^Nom/), 'Camille');
    await user.type(screen.getByLabelText(/^E-mail/), 'camille@exemple.fr');
    await user.type(screen.getByLabelText(/^Âge/), '31');
    await user.selectOptions(screen.getByLabelText(/^Créneau/), 'Soir');
    await user.click(screen.getByLabelText(/^Je suis majeur/));
    await user.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await screen.findByText('Xy7Kp2Qa')).toBeTruthy();
    expect(api.lastCallTo('request')).toEqual(['POST', `/forms/${FORM_ID}/entries`, { body: { answers: { nom: 'Camille', email: 'camille@exemple.fr', age: 31, creneau: 'Soir', majeur: true } } }]);
    expect(screen.getByRole('link', { name: 'Voir ma réponse' }).getAttribute('href')).toBe(`/forms/${FORM_ID}/entries/Xy7Kp2Qa`);
  });

  it('shows the server’s refusal on the field it concerns', async () => {
    const api = apiWith(aForm({ fields: [fields[0]] }));
    api.failOnce('request', new ValidationError('Réponses invalides : Prénom refusé.', [{ path: 'answers.nom', message: 'Prénom refusé.' }]));
    const { user } = await renderApp({ path: `/forms/${FORM_ID}`, api });
    await user.type(await screen.findByLabelText(/^Nom/), 'X');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await screen.findByText('Prénom refusé.')).toBeTruthy();
  });

  it.each([
    ['not open yet', { opensAt: '2026-02-01T09:00:00Z' }, 'Ce formulaire ouvrira le dimanche 1 février à 10:00.'],
    ['closed', { closesAt: '2026-01-10T18:00:00Z' }, 'Ce formulaire est clos depuis le samedi 10 janvier à 19:00.'],
    ['full', { maxEntries: 3, entryCount: 3 }, 'Ce formulaire a atteint son nombre maximal de réponses.'],
  ])('shows no form when it is %s', async (_, overrides, message) => {
    await renderApp({ path: `/forms/${FORM_ID}`, api: apiWith(aForm(overrides)), clock: new FakeClock('2026-01-15T20:00:00Z') });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer ma réponse' })).toBeNull();
  });

  it('says a form keeps one answer per person, and shows the server’s refusal of a second one', async () => {
    const api = apiWith(aForm({ fields: [fields[0], fields[1]], onePerPerson: true }));
    api.failOnce('request', new ApiError('Vous avez déjà répondu à ce formulaire.', { statusCode: 409, code: 'ALREADY_ANSWERED' }));
    const { user } = await renderApp({ path: `/forms/${FORM_ID}`, api });
    expect(await screen.findByText('Une réponse par personne. Les champs marqués d’un astérisque (*) sont obligatoires.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Nom/), 'Camille');
    await user.type(screen.getByLabelText(/^E-mail/), 'camille@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vous avez déjà répondu à ce formulaire.');
  });

  it('asks a visitor to sign in for a form reserved to verified accounts', async () => {
    await renderApp({ path: `/forms/${FORM_ID}`, api: apiWith(aForm({ requireVerified: true })) });
    const notice = within((await screen.findByText('Réservé aux comptes vérifiés')).parentElement!);
    expect(notice.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(notice.getByRole('button', { name: 'créer un compte' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer ma réponse' })).toBeNull();
  });

  it('sends an account whose e-mail is not verified to verify it first', async () => {
    const api = apiWith(aForm({ requireVerified: true })).signedInAs(Object.assign(aUser({ displayName: 'Paul' }), { emailVerified: false }));
    await renderApp({ path: `/forms/${FORM_ID}`, api });
    expect((await screen.findByRole('link', { name: 'vérifiez votre adresse depuis votre compte' })).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: 'Envoyer ma réponse' })).toBeNull();
  });

  it('takes the answer of a verified account', async () => {
    const api = apiWith(aForm({ fields: [fields[0]], requireVerified: true })).signedInAs(aUser({ displayName: 'Valentine' }));
    const { user } = await renderApp({ path: `/forms/${FORM_ID}`, api });
    await user.type(await screen.findByLabelText(/^Nom/), 'Valentine');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await screen.findByText('Xy7Kp2Qa')).toBeTruthy();
  });

  it('says so in French when the form does not exist', async () => {
    const api = new FakeProductApi().fail('get', new NotFoundError('Formulaire introuvable.'));
    await renderApp({ path: `/forms/${anId(99)}`, api });
    expect((await screen.findByRole('alert')).textContent).toContain('Formulaire introuvable.');
  });
});

describe('/forms/{id}/entries/{entryCode}', () => {
  it('reads the entry back by its code, with the fields’ labels', async () => {
    const api = new FakeProductApi().seed('forms', aForm());
    api.answer('request', (method: string, path: string) => {
      expect([method, path]).toEqual(['GET', `/forms/${FORM_ID}/entries/Xy7Kp2Qa`]);
      return { _id: anId(71), formId: FORM_ID, entryCode: 'Xy7Kp2Qa', answers: { nom: 'Camille', majeur: true, jour: '2026-03-14' }, createdAt: '2026-01-15T20:00:00Z', updatedAt: '2026-01-15T20:00:00Z' };
    });
    await renderApp({ path: `/forms/${FORM_ID}/entries/Xy7Kp2Qa`, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre réponse' })).toBeTruthy();
    expect(screen.getByText('Xy7Kp2Qa')).toBeTruthy();
    const list = screen.getByRole('main').querySelector('dl')!;
    const pairs = [...list.querySelectorAll('div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
    expect(pairs).toContainEqual(['Nom', 'Camille']);
    expect(pairs).toContainEqual(['Je suis majeur', 'Oui']);
    expect(pairs).toContainEqual(['Jour préféré', 'samedi 14 mars 2026']);
    expect(pairs).toContainEqual(['Âge', '—']);
  });

  it('says the entry is unknown in French', async () => {
    const api = new FakeProductApi().seed('forms', aForm());
    api.fail('request', new NotFoundError('Réponse introuvable.'));
    await renderApp({ path: `/forms/${FORM_ID}/entries/Inconnu1`, api });
    expect((await screen.findByRole('alert')).textContent).toContain('Réponse introuvable.');
  });
});
