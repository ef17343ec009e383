import { RESOURCES, type ResourceName } from './resources';
import { COMMON_FIELD_LABELS, type FieldLabel, type Gender, type ResourceLabels } from './schemas/field-label';
import { CHAMPIONSHIP_LABELS, EVENT_CATEGORY_LABELS, EVENT_LABELS, EVENT_ROLE_LABELS } from './schemas/events.labels';
import { JOB_OFFER_LABELS, MENU_LABELS, PLACE_LABELS, PLACE_ROLE_LABELS, PLACE_TYPE_LABELS, STORE_LABELS } from './schemas/places.labels';
import { ARTIST_LABELS, BADGE_LABELS, NOTIFICATION_LABELS, ORGANIZATION_LABELS, USER_LABELS } from './schemas/people.labels';
import { BLIND_TEST_LABELS, QUESTION_LABELS, RAFFLE_LABELS, TOURNAMENT_LABELS } from './schemas/games.labels';
import { FORM_LABELS, FORM_TEMPLATE_LABELS } from './schemas/forms.labels';
import { BLOG_POST_LABELS, DOC_PAGE_LABELS, IMAGE_LABELS, MAIL_TEMPLATE_LABELS } from './schemas/content.labels';
import { DYNA_LINK_LABELS, SHARE_LABELS } from './schemas/links.labels';
import { COLLECTOR_LABELS, SCRAPE_LABELS, TASK_LABELS } from './schemas/operations.labels';

export type { FieldLabel, FieldLabels, Gender, ResourceLabels } from './schemas/field-label';
export { COMMON_FIELD_LABELS } from './schemas/field-label';

/**
 * The French words of every resource, from the `*.labels.ts` beside its schema: the gender of
 * its noun, and each field's label, help and value labels. A test walks every schema against it.
 */
export const RESOURCE_LABELS: Readonly<Record<ResourceName, ResourceLabels>> = {
  artists: ARTIST_LABELS,
  badges: BADGE_LABELS,
  blindtests: BLIND_TEST_LABELS,
  collectors: COLLECTOR_LABELS,
  dynaLinks: DYNA_LINK_LABELS,
  eventCategories: EVENT_CATEGORY_LABELS,
  events: EVENT_LABELS,
  forms: FORM_LABELS,
  formTemplates: FORM_TEMPLATE_LABELS,
  menus: MENU_LABELS,
  organizations: ORGANIZATION_LABELS,
  places: PLACE_LABELS,
  questions: QUESTION_LABELS,
  raffles: RAFFLE_LABELS,
  scrape: SCRAPE_LABELS,
  stores: STORE_LABELS,
  tournaments: TOURNAMENT_LABELS,
  users: USER_LABELS,
  jobOffers: JOB_OFFER_LABELS,
  placeTypes: PLACE_TYPE_LABELS,
  placeRoles: PLACE_ROLE_LABELS,
  eventRoles: EVENT_ROLE_LABELS,
  championships: CHAMPIONSHIP_LABELS,
  blogPosts: BLOG_POST_LABELS,
  docPages: DOC_PAGE_LABELS,
  mailTemplates: MAIL_TEMPLATE_LABELS,
  images: IMAGE_LABELS,
  tasks: TASK_LABELS,
  notifications: NOTIFICATION_LABELS,
  shares: SHARE_LABELS,
};

/** A field's path without its array positions: `sections.2.items.0.name` → `sections.items.name`. */
export const labelPath = (path: string): string => path.split('.').filter((part) => !/^\d+$/.test(part)).join('.');

/** The French label, help and value labels of a resource's field (by its path), or undefined when none is declared. */
export function fieldLabelOf(resource: ResourceName, path: string): FieldLabel | undefined {
  const key = labelPath(path);
  return RESOURCE_LABELS[resource].fields[key] ?? COMMON_FIELD_LABELS[key];
}

/** The French name of an enum value of a resource's field; the value itself when none is declared. */
export function valueLabelOf(resource: ResourceName, path: string, value: string): string {
  return fieldLabelOf(resource, path)?.values?.[value] ?? value;
}

const VOWEL = /^[aeéèêiïîoôuûyh]/i;
/** « aucune collecte », « aucun lieu ». */
export function noneOf(noun: string, gender: Gender): string {
  return `${gender === 'f' ? 'aucune' : 'aucun'} ${noun}`;
}
/** « nouvelle collecte », « nouvel événement », « nouveau lieu ». */
export function newOf(noun: string, gender: Gender): string {
  return `${gender === 'f' ? 'nouvelle' : VOWEL.test(noun) ? 'nouvel' : 'nouveau'} ${noun}`;
}
/** « le premier », « la première ». */
export const firstOf = (gender: Gender): string => (gender === 'f' ? 'la première' : 'le premier');

interface JsonNode {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  anyOf?: JsonNode[];
}
const typeOf = (node: JsonNode) => (Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type);

function fieldsOf(node: JsonNode, prefix: string): { path: string; values: string[] }[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, raw]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const nonNull = raw.anyOf?.filter((n) => typeOf(n) !== 'null');
    const child = nonNull?.length === 1 ? nonNull[0]! : raw;
    const values = [...(child.enum ?? []), ...(child.items?.enum ?? []), ...(child.anyOf ?? []).flatMap((n) => n.enum ?? [])].map(String);
    const nested = typeOf(child) === 'object' && child.properties ? child : typeOf(child) === 'array' && child.items?.properties ? child.items : null;
    return [{ path, values }, ...(nested ? fieldsOf(nested, path) : [])];
  });
}

/**
 * Every field of a resource's schema as the dashboard's forms walk it (objects' properties and
 * the items of lists, array levels left out of the path), with the enum values each holds.
 */
export function resourceFieldPaths(resource: ResourceName): { path: string; values: string[] }[] {
  return fieldsOf(RESOURCES[resource].input.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as JsonNode, '');
}
