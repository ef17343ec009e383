import { describe, expect, it } from 'vitest';
import { EventInputSchema } from '@sortie/core';
import { cleanValue, emptyValue, resourceFields, type Field } from './schema-fields';

const kinds = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.key, f.widget.kind]));

describe('form fields from the core zod schemas', () => {
  it('picks the widgets of an event', () => {
    const fields = resourceFields('events');
    expect(kinds(fields)).toMatchObject({ title: 'text', description: 'markdown', startsAt: 'datetime', placeId: 'reference', artistIds: 'references', coverImage: 'image', price: 'price', status: 'select', tags: 'lines', ticketUrl: 'url' });
    expect(fields.find((f) => f.key === 'placeId')?.widget).toEqual({ kind: 'reference', resource: 'places' });
    expect(fields.find((f) => f.key === 'categoryIds')?.widget).toEqual({ kind: 'references', resource: 'eventCategories' });
    expect(fields.filter((f) => f.required).map((f) => f.key)).toEqual(['title', 'startsAt', 'city']);
  });

  it('groups an address, places a location and repeats menu sections, form fields and prizes', () => {
    expect(kinds(resourceFields('places'))).toMatchObject({ address: 'group', location: 'location', typeId: 'reference', images: 'images', openingHours: 'openingHours', socials: 'socials', closures: 'repeat' });
    // A place's exceptional closures: a date picked on a calendar, and a note.
    expect(kinds((resourceFields('places').find((f) => f.key === 'closures')!.widget as { fields: Field[] }).fields)).toEqual({ date: 'date', note: 'text' });
    // Lists whose order is their meaning are reordered; others are chips.
    expect(resourceFields('championships').find((f) => f.key === 'tournamentIds')?.widget).toEqual({ kind: 'references', resource: 'tournaments', ordered: true });
    expect(resourceFields('organizations').find((f) => f.key === 'memberIds')?.widget).toEqual({ kind: 'references', resource: 'users' });
    // An address or an upload: the organisation's logo and the artist's picture, as the event's cover.
    expect(kinds(resourceFields('organizations'))).toMatchObject({ logo: 'image' });
    expect(kinds(resourceFields('artists'))).toMatchObject({ image: 'image' });
    // The library's record: its address typed as a URL; the variants of an upload are the server's.
    expect(kinds(resourceFields('images'))).toEqual({ url: 'url', alt: 'text', width: 'number', height: 'number', uploadedBy: 'reference' });
    const sections = resourceFields('menus').find((f) => f.key === 'sections')!;
    expect(sections.widget.kind).toBe('repeat');
    const items = sections.widget.kind === 'repeat' ? sections.widget.fields.find((f) => f.key === 'items')! : undefined;
    expect(items?.widget.kind).toBe('repeat');
    expect(kinds(resourceFields('forms'))).toMatchObject({ fields: 'repeat', templateId: 'reference' });
    expect(kinds(resourceFields('raffles'))).toMatchObject({ prizes: 'repeat', rules: 'markdown', legalBasis: 'select' });
    // Roles are not a form field: they change through their own audited operation (UserRolesPanel).
    expect(resourceFields('users').find((f) => f.key === 'roles')).toBeUndefined();
    expect(kinds(resourceFields('scrape'))).toMatchObject({ collectorId: 'reference', status: 'select', itemsFound: 'number' });
  });

  it('gives brand colours a colour picker: « Aucune » for a place’s or an organisation’s, not for a category’s (it has a default)', () => {
    expect(resourceFields('places').find((f) => f.key === 'colour')).toMatchObject({ label: 'Couleur', required: false, widget: { kind: 'colour', none: true } });
    expect(resourceFields('organizations').find((f) => f.key === 'colour')?.widget).toEqual({ kind: 'colour', none: true });
    expect(resourceFields('eventCategories').find((f) => f.key === 'colour')).toMatchObject({ widget: { kind: 'colour', none: false }, default: '#7c5cff' });
    const place = resourceFields('places');
    // Taken away, a place's colour is sent as null (the update drops it); never given, not sent at all.
    expect(cleanValue(place, { name: 'Le Zinc', colour: null })).toEqual({ name: 'Le Zinc', colour: null });
    expect(cleanValue(place, { name: 'Le Zinc' })).toEqual({ name: 'Le Zinc' });
    expect(cleanValue(resourceFields('eventCategories'), { name: 'Jazz', colour: null })).toEqual({ name: 'Jazz' });
  });

  it('starts a new record from the defaults and sends only what was given', () => {
    const fields = resourceFields('events');
    const empty = emptyValue(fields);
    expect(empty).toMatchObject({ description: '', status: 'published', price: { free: true }, artistIds: [] });
    const sent = cleanValue(fields, { ...empty, title: 'Concert', city: 'Poitiers', ticketUrl: '', likeCount: 3, _id: 'x' });
    expect(sent).not.toHaveProperty('ticketUrl');
    expect(sent).not.toHaveProperty('likeCount');
    expect(sent).not.toHaveProperty('_id');
    // An optional group left blank (where an imported event came from) is not sent as {}.
    expect(sent).not.toHaveProperty('source');
    expect(EventInputSchema.safeParse({ ...sent, startsAt: '2026-05-01T18:00:00.000Z' }).success).toBe(true);
    expect(sent).toMatchObject({ title: 'Concert', city: 'Poitiers', description: '' });
  });

  it('lets a link’s device targets and its page (a place or an organisation) be emptied: sent as null, so that an update takes them away (issue 36)', () => {
    const fields = resourceFields('dynaLinks');
    const page = fields.find((f) => f.key === 'page');
    expect(page).toMatchObject({ label: 'Page de liens (« lien en bio »)', required: false, widget: { kind: 'group', none: true } });
    expect(page?.widget.kind === 'group' && page.widget.fields.map((f) => [f.key, f.label, f.widget])).toEqual([
      ['placeId', 'Lieu', { kind: 'reference', resource: 'places' }],
      ['organizationId', 'Organisation', { kind: 'reference', resource: 'organizations' }],
    ]);
    expect(fields.find((f) => f.key === 'targets')?.widget).toMatchObject({ kind: 'group', none: true });
    const empty = emptyValue(fields);
    expect(cleanValue(fields, { ...empty, url: 'https://exemple.fr/', targets: { ios: '', android: '' }, page: { placeId: '' } })).toEqual({ url: 'https://exemple.fr/', targets: null, page: null });
    expect(cleanValue(fields, { ...empty, url: 'https://exemple.fr/', targets: { ios: 'https://apps.apple.com/fr/app/x/id1' }, page: { placeId: 'a'.repeat(24) } })).toEqual({
      url: 'https://exemple.fr/',
      targets: { ios: 'https://apps.apple.com/fr/app/x/id1' },
      page: { placeId: 'a'.repeat(24) },
    });
    // An event's import source stays left out when blank (not nullable).
    expect(cleanValue(resourceFields('events'), { title: 'Concert', source: {} })).not.toHaveProperty('source');
  });
});
