import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ArtistSlugSchema, EmailSchema, HexColourSchema, HttpUrlSchema, ListQuerySchema, NonEmpty, ObjectIdSchema, pageOf } from './common.schema';
import { EventCategoryInputSchema, EventInputSchema, EventPatchSchema, EventQuerySchema, PriceSchema } from './events.schema';
import { JobOfferInputSchema, PlaceInputSchema } from './places.schema';
import { RaffleInputSchema, TournamentReplySchema, TournamentRequestSchema } from './games.schema';
import { FormFieldSchema, FormTemplateInputSchema } from './forms.schema';
import { renderTemplate } from './content.schema';
import { DynaLinkInputSchema, ShortCodeVisitSchema } from './links.schema';
import { LoginWebSchema } from './auth.schema';
import { RESOURCES, RESOURCE_NAMES } from '../resources';
import { DASHBOARD_RESOURCES } from '../routes';

const ID = '65f1c0ffee0000000000abcd';

/** The messages a schema gives for `input`, by field path. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('common schemas', () => {
  it('ObjectIdSchema: 24 lowercase hex, with a French message', () => {
    expect(ObjectIdSchema.safeParse(ID).success).toBe(true);
    expect(messages(ObjectIdSchema, 'abc')).toEqual({ '': 'Identifiant invalide : 24 caractères hexadécimaux attendus.' });
  });

  it('ArtistSlugSchema: the slug rule of SPEC.md §5', () => {
    expect(ArtistSlugSchema.safeParse('daft-punk').success).toBe(true);
    expect(ArtistSlugSchema.safeParse('-daft').success).toBe(false);
    expect(ArtistSlugSchema.safeParse('x'.repeat(21)).success).toBe(false);
  });

  it.each(['https://example.fr/a?b=c', 'http://localhost:3000/', '  https://example.fr  '])('HttpUrlSchema accepts %s', (url) => {
    expect(HttpUrlSchema.safeParse(url).success).toBe(true);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'ftp://example.fr', 'file:///etc/passwd', '/relative', 'not a url', `https://e.fr/${'a'.repeat(2048)}`])(
    'HttpUrlSchema refuses %s',
    (url) => expect(HttpUrlSchema.safeParse(url).success).toBe(false),
  );

  it('HttpUrlSchema says why in French', () => {
    expect(messages(HttpUrlSchema, 'javascript:alert(1)')).toEqual({ '': 'Adresse web invalide : seules les adresses http et https sont acceptées.' });
  });

  it('EmailSchema trims and lowercases', () => {
    expect(EmailSchema.parse('  Camille@Example.FR ')).toBe('camille@example.fr');
    expect(messages(EmailSchema, 'camille')).toEqual({ '': 'Adresse e-mail invalide.' });
  });

  it('HexColourSchema takes #rrggbb in either case, stores it in lower case, and says why in French', () => {
    expect(HexColourSchema.parse(' #1E6B52 ')).toBe('#1e6b52');
    for (const wrong of ['rouge', '#1e6b5', '1e6b52', '#1e6b52ff', '#ggg000']) expect(messages(HexColourSchema, wrong)).toEqual({ '': 'Couleur attendue au format #rrggbb.' });
    expect(EventCategoryInputSchema.parse({ name: 'Concert', slug: 'concert' }).colour).toBe('#7c5cff');
    expect(messages(EventCategoryInputSchema, { name: 'Concert', slug: 'concert', colour: 'bleu' })).toEqual({ colour: 'Couleur attendue au format #rrggbb.' });
  });

  it('a place or an organisation may have a brand colour, or none (absent or null)', () => {
    const place = { name: 'Le Zinc', slug: 'le-zinc', address: { postalCode: '86000', city: 'Poitiers' } };
    expect(PlaceInputSchema.parse({ ...place, colour: '#1E6B52' }).colour).toBe('#1e6b52');
    expect(PlaceInputSchema.parse({ ...place, colour: null }).colour).toBeNull();
    expect(PlaceInputSchema.parse(place).colour).toBeUndefined();
    expect(messages(RESOURCES.places.patch, { colour: 'rouge' })).toEqual({ colour: 'Couleur attendue au format #rrggbb.' });
    expect(RESOURCES.organizations.patch.parse({ colour: '#ABCDEF' })).toEqual({ colour: '#abcdef' });
  });

  it('NonEmpty says in French that a field is required, also when it is missing', () => {
    expect(messages(NonEmpty('Le titre'), '   ')).toEqual({ '': 'Le titre est obligatoire.' });
    expect(messages(NonEmpty('Le titre'), undefined)).toEqual({ '': 'Le titre est obligatoire.' });
    expect(messages(NonEmpty('Le titre', 5), 'abcdef')).toEqual({ '': 'Le titre : 5 caractères au plus.' });
  });

  it('ListQuerySchema coerces query strings and bounds the page size', () => {
    expect(ListQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(ListQuerySchema.parse({ limit: '1', offset: '40' })).toEqual({ limit: 1, offset: 40 });
    expect(ListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ sort: 'title;drop' }).success).toBe(false);
  });

  it('pageOf validates {meta, items}', () => {
    const page = pageOf(ObjectIdSchema);
    expect(page.safeParse({ meta: { total: 1, limit: 1, offset: 0 }, items: [ID] }).success).toBe(true);
    expect(page.safeParse({ items: [ID] }).success).toBe(false);
  });
});

describe('refinements', () => {
  const event = { title: 'Concert', startsAt: '2026-03-01T20:00:00Z', city: 'Poitiers' };

  it('an event ends after it starts, on create and on update', () => {
    expect(EventInputSchema.safeParse({ ...event, endsAt: '2026-03-01T23:00:00Z' }).success).toBe(true);
    expect(messages(EventInputSchema, { ...event, endsAt: '2026-03-01T19:00:00Z' })).toEqual({ endsAt: 'La fin doit suivre le début.' });
    expect(messages(EventPatchSchema, { startsAt: '2026-03-01T20:00:00Z', endsAt: '2026-03-01T19:00:00Z' })).toEqual({ endsAt: 'La fin doit suivre le début.' });
    expect(EventPatchSchema.safeParse({ endsAt: '2026-03-01T19:00:00Z' }).success).toBe(true);
  });

  it('an event defaults to free and published', () => {
    expect(EventInputSchema.parse(event)).toMatchObject({ price: { free: true }, status: 'published', artistIds: [], tags: [] });
  });

  it('a price range has its maximum at least its minimum', () => {
    expect(PriceSchema.safeParse({ min: 500, max: 1500 }).success).toBe(true);
    expect(PriceSchema.safeParse({ free: true }).success).toBe(true);
    expect(PriceSchema.safeParse({ min: 1500, max: 500 }).success).toBe(false);
    expect(PriceSchema.safeParse({ min: 5.5, max: 10 }).success).toBe(false);
  });

  it('event query filters: placeId must be an id, booleans come as strings', () => {
    expect(EventQuerySchema.parse({ placeId: ID, limit: '1', upcoming: 'true' })).toMatchObject({ placeId: ID, limit: 1, upcoming: true });
    expect(EventQuerySchema.safeParse({ placeId: 'x' }).success).toBe(false);
  });

  const offer = { title: 'Barman', contract: 'CDI', city: 'Poitiers', publishedAt: '2026-03-01T08:00:00Z' };
  it('a job offer says how to apply', () => {
    expect(messages(JobOfferInputSchema, offer)).toEqual({ applyUrl: 'Indiquez une adresse ou un e-mail pour postuler.' });
    expect(JobOfferInputSchema.safeParse({ ...offer, applyEmail: 'rh@example.fr' }).success).toBe(true);
    expect(JobOfferInputSchema.safeParse({ ...offer, applyUrl: 'https://example.fr/jobs' }).success).toBe(true);
  });

  const raffle = { title: 'Tombola du club', opensAt: '2026-03-01T08:00:00Z', closesAt: '2026-03-10T20:00:00Z' };
  it('a raffle closes after it opens', () => {
    expect(RaffleInputSchema.safeParse(raffle).success).toBe(true);
    expect(messages(RaffleInputSchema, { ...raffle, closesAt: raffle.opensAt })).toEqual({ closesAt: 'La clôture doit suivre l’ouverture.' });
  });

  it('a raffle past its draft needs a legal basis, and an association lottery its authorisation', () => {
    expect(Object.keys(messages(RaffleInputSchema, { ...raffle, status: 'open' }))).toEqual(['legalBasis']);
    expect(RaffleInputSchema.safeParse({ ...raffle, status: 'open', legalBasis: 'free_draw' }).success).toBe(true);
    expect(RaffleInputSchema.safeParse({ ...raffle, status: 'open', legalBasis: 'association_lottery' }).success).toBe(false);
    expect(RaffleInputSchema.safeParse({ ...raffle, status: 'open', legalBasis: 'association_lottery', authorisationRef: 'Arrêté 2026-14' }).success).toBe(true);
  });

  it('a select field needs options, and field keys are unique', () => {
    expect(messages(FormFieldSchema, { key: 'size', label: 'Taille', type: 'select' })).toEqual({ options: 'Une liste déroulante a besoin d’options.' });
    expect(FormFieldSchema.safeParse({ key: 'size', label: 'Taille', type: 'select', options: ['S', 'M'] }).success).toBe(true);
    const field = { key: 'name', label: 'Nom', type: 'text' };
    expect(messages(FormTemplateInputSchema, { name: 'Inscription', fields: [field, field] })).toEqual({ fields: 'Chaque champ doit avoir une clé unique.' });
  });

  it('a dynamic link targets only http(s)', () => {
    expect(DynaLinkInputSchema.safeParse({ url: 'https://example.fr' }).success).toBe(true);
    expect(DynaLinkInputSchema.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(ShortCodeVisitSchema.safeParse({ shortCode: 'a/b', datetime: '2026-03-01T08:00:00Z', userAgent: 'x' }).success).toBe(false);
  });

  it('a tournament request has an id; a reply with status error carries msg', () => {
    expect(TournamentRequestSchema.parse({ action: 'get', tournamentId: ID })).toEqual({ action: 'get', tournamentId: ID, params: {} });
    expect(TournamentRequestSchema.safeParse({ action: 'get', tournamentId: 'x' }).success).toBe(false);
    expect(TournamentReplySchema.safeParse({ status: 'error', msg: 'Complet' }).success).toBe(true);
  });

  it('login: messagingToken may be null or absent, idToken is required', () => {
    expect(LoginWebSchema.safeParse({ idToken: 't', messagingToken: null }).success).toBe(true);
    expect(LoginWebSchema.safeParse({ idToken: 't' }).success).toBe(true);
    expect(messages(LoginWebSchema, { idToken: '' })).toEqual({ idToken: 'Jeton d’identité manquant.' });
  });
});

describe('renderTemplate', () => {
  it('fills {{variables}} and leaves unknown ones visible', () => {
    expect(renderTemplate('Bonjour {{ name }}, {{missing}}', { name: 'Camille' })).toBe('Bonjour Camille, {{missing}}');
  });
});

describe('RESOURCES', () => {
  it('serves every dashboard resource of SPEC.md §2, each with French labels and a patch schema', () => {
    for (const name of DASHBOARD_RESOURCES) expect(RESOURCE_NAMES).toContain(name);
    for (const name of RESOURCE_NAMES) {
      const resource = RESOURCES[name];
      expect(resource.label.one.length).toBeGreaterThan(0);
      expect(resource.patch.safeParse({}).success).toBe(true);
    }
  });
});
