import { describe, expect, it } from 'vitest';
import { RESOURCES, RESOURCE_NAMES } from './resources';
import { fieldLabelOf, firstOf, labelPath, newOf, noneOf, RESOURCE_LABELS, resourceFieldPaths, valueLabelOf } from './resource-labels';
import { ALLERGEN_LABELS } from './schemas/places.schema';

const schemaFields = resourceFieldPaths;

describe('the French labels of every resource', () => {
  it.each(RESOURCE_NAMES)('%s: every field has a French label and a help text, every enum value a French label', (resource) => {
    const missing: string[] = [];
    for (const { path, values } of schemaFields(resource)) {
      const label = fieldLabelOf(resource, path);
      if (!label?.label.trim() || label.label === path.split('.').at(-1)) missing.push(`${path} : libellé`);
      if (!label?.help.trim()) missing.push(`${path} : aide`);
      for (const value of values) if (!label?.values?.[value]?.trim()) missing.push(`${path} = ${value} : libellé de valeur`);
    }
    expect(missing).toEqual([]);
  });

  it('declares only fields the schemas have (no label left behind by a renamed field)', () => {
    const stale: string[] = [];
    for (const resource of RESOURCE_NAMES) {
      const paths = new Set(schemaFields(resource).map((f) => f.path));
      for (const path of Object.keys(RESOURCE_LABELS[resource].fields)) if (!paths.has(path)) stale.push(`${resource}.${path}`);
    }
    expect(stale).toEqual([]);
  });

  it('gives a menu item’s allergens the public menu’s French names', () => {
    expect(fieldLabelOf('menus', 'sections.0.items.3.allergens')?.values).toBe(ALLERGEN_LABELS);
    expect(valueLabelOf('menus', 'sections.items.allergens', 'crustaceans')).toBe('Crustacés');
  });

  it('names the values staff meet in the lists in French', () => {
    expect(valueLabelOf('tournaments', 'status', 'registration')).toBe('inscriptions ouvertes');
    expect(valueLabelOf('tournaments', 'format', 'single_elimination')).toBe('élimination directe');
    expect(valueLabelOf('tournaments', 'matches.status', 'pending')).toBe('en attente');
    expect(valueLabelOf('blindtests', 'status', 'live')).toBe('En cours');
    expect(valueLabelOf('questions', 'kind', 'track')).toBe('Extrait musical');
    expect(valueLabelOf('events', 'status', 'cancelled')).toBe('Annulé');
  });

  it('drops array positions from a path', () => {
    expect(labelPath('matches.12.winnerTo.slot')).toBe('matches.winnerTo.slot');
  });

  it('agrees a resource’s noun with its gender', () => {
    expect(noneOf(RESOURCES.scrape.label.one, RESOURCE_LABELS.scrape.gender)).toBe('aucune collecte');
    expect(noneOf(RESOURCES.places.label.one, RESOURCE_LABELS.places.gender)).toBe('aucun lieu');
    expect(newOf(RESOURCES.events.label.one, RESOURCE_LABELS.events.gender)).toBe('nouvel événement');
    expect(newOf(RESOURCES.raffles.label.one, RESOURCE_LABELS.raffles.gender)).toBe('nouvelle tombola');
    expect(newOf(RESOURCES.places.label.one, RESOURCE_LABELS.places.gender)).toBe('nouveau lieu');
    expect(firstOf('f')).toBe('la première');
  });
});
