import { ALLERGENS, type Menu } from '@sortie/core';

export type Allergen = (typeof ALLERGENS)[number];

/** The allergens named in the address (?sans=gluten,lait…), unknown names ignored. */
export function parseExcluded(value: string | null): Allergen[] {
  if (!value) return [];
  const asked = new Set(value.split(',').map((s) => s.trim()));
  return ALLERGENS.filter((a) => asked.has(a));
}

/** The menu's sections with the dishes that contain none of the excluded allergens; empty sections stay, empty. */
export function filterMenu(sections: Menu['sections'], excluded: readonly Allergen[]): Menu['sections'] {
  if (excluded.length === 0) return sections;
  return sections.map((section) => ({ ...section, items: section.items.filter((item) => !item.allergens.some((a) => excluded.includes(a))) }));
}
