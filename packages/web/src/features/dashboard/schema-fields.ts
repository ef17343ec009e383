import { z } from 'zod';
import { fieldLabelOf, HEX_COLOUR_PATTERN, ICON_ID_PATTERN, RESOURCES, type ResourceName } from '@sortie/core';

/** A node of JSON Schema as zod 4 writes it (only what the forms read). */
export interface JsonNode {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  anyOf?: JsonNode[];
  additionalProperties?: JsonNode | boolean;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

export type Widget =
  | { kind: 'text' }
  | { kind: 'markdown' }
  | { kind: 'image' }
  | { kind: 'images' }
  | { kind: 'url' }
  | { kind: 'number'; integer: boolean; min?: number; max?: number }
  | { kind: 'checkbox' }
  | { kind: 'select'; options: string[] }
  | { kind: 'datetime' }
  | { kind: 'reference'; resource: ResourceName }
  | { kind: 'references'; resource: ResourceName; ordered?: boolean }
  | { kind: 'date' }
  | { kind: 'openingHours' }
  | { kind: 'socials' }
  | { kind: 'choices'; options: string[] }
  | { kind: 'lines' }
  /** `none`: it may be taken away (null) — sent as null when all its fields are left blank. */
  | { kind: 'group'; fields: Field[]; none?: boolean }
  | { kind: 'repeat'; fields: Field[] }
  | { kind: 'location' }
  | { kind: 'price' }
  /** A #rrggbb brand colour; `none`: it may be taken away (null). */
  | { kind: 'colour'; none: boolean }
  /** An icon of core's catalogue, chosen by its French name in a picker that draws it. */
  | { kind: 'icon' }
  | { kind: 'json' };

export interface Field {
  key: string;
  label: string;
  required: boolean;
  widget: Widget;
  default?: unknown;
  /** One short sentence under the field (core's *.labels.ts). */
  help?: string;
  /** The French names of an enum's values (core's *.labels.ts). */
  values?: Readonly<Record<string, string>>;
}

/** What a field is called, from its path in the record: a resource's own French words, or the key spelled out. */
export type LabelSource = (path: string) => { label: string; help?: string; values?: Readonly<Record<string, string>> } | undefined;

/** Which resource an `…Id` / `…Ids` field points to. */
const REFERENCES: Record<string, ResourceName> = {
  place: 'places',
  organization: 'organizations',
  event: 'events',
  artist: 'artists',
  category: 'eventCategories',
  collector: 'collectors',
  template: 'formTemplates',
  type: 'placeTypes',
  user: 'users',
  question: 'questions',
  badge: 'badges',
  championship: 'championships',
  tournament: 'tournaments',
  store: 'stores',
  member: 'users',
};
/** Reference fields whose name does not end in Id. */
const NAMED_REFERENCES: Record<string, ResourceName> = { uploadedBy: 'users', createdBy: 'users' };

/** French labels of the fields staff meet most; others are spelled out from their key. */
const LABELS: Record<string, string> = {
  title: 'Titre',
  name: 'Nom',
  description: 'Description',
  startsAt: 'Début',
  endsAt: 'Fin',
  opensAt: 'Ouverture',
  closesAt: 'Clôture',
  placeId: 'Lieu',
  organizationId: 'Organisation',
  eventId: 'Événement',
  artistIds: 'Artistes',
  categoryIds: 'Catégories',
  city: 'Ville',
  coverImage: 'Image de couverture',
  price: 'Prix',
  ticketUrl: 'Billetterie',
  status: 'Statut',
  tags: 'Étiquettes',
  slug: 'Identifiant d’adresse (slug)',
  typeId: 'Type de lieu',
  address: 'Adresse',
  street: 'Rue',
  postalCode: 'Code postal',
  location: 'Position',
  phone: 'Téléphone',
  website: 'Site web',
  images: 'Images',
  sections: 'Sections',
  items: 'Éléments',
  fields: 'Champs',
  prizes: 'Lots',
  quantity: 'Quantité',
  label: 'Libellé',
  key: 'Clé',
  type: 'Type',
  required: 'Obligatoire',
  options: 'Options',
  url: 'Adresse (URL)',
  shortCode: 'Code court',
  expiresAt: 'Expiration',
  maxVisits: 'Visites maximum',
  displayName: 'Nom affiché',
  email: 'E-mail',
  avatar: 'Avatar',
  roles: 'Rôles',
  rules: 'Règlement',
  legalBasis: 'Cadre légal',
  authorisationRef: 'Référence d’autorisation',
  templateId: 'Modèle',
  maxEntries: 'Réponses maximum',
  collectorId: 'Collecteur',
  source: 'Source',
  kind: 'Type',
  categoryMap: 'Catégories : mot de la source → catégorie',
  keyword: 'Mot de la source',
  categoryId: 'Catégorie',
  autoPublish: 'Publier sans relecture (sinon : brouillons à relire)',
  itemsFound: 'Trouvés',
  findings: 'Trouvailles',
  schedule: 'Planification',
  bio: 'Biographie',
  genres: 'Genres',
  icon: 'Icône',
  colour: 'Couleur',
  allergens: 'Allergènes',
  logo: 'Logo',
  subject: 'Sujet',
  body: 'Contenu',
  alt: 'Texte alternatif',
  width: 'Largeur',
  height: 'Hauteur',
};

export function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeOf = (node: JsonNode): string | undefined => (Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type);
/** Core's ImageFieldSchema: an address, or an uploaded image (an object with its variants). */
const isImageField = (node: JsonNode) => Boolean(node.anyOf?.some((n) => typeOf(n) === 'string') && node.anyOf?.some((n) => typeOf(n) === 'object' && n.properties?.['variants']));
/** Lists of references whose order is what they mean (a championship's tournaments, a blind test's questions). */
const ORDERED_REFERENCES = new Set(['tournamentIds', 'questionIds']);
const IMAGE_KEY = /image|avatar|cover|logo|picture|photo/i;
const MARKDOWN_KEY = /^(description|bio|rules|body|content|text)$/;

/** The resource a reference field (`placeId`, `memberIds`, `uploadedBy`…) points to. */
export function referenceOf(key: string): ResourceName | undefined {
  if (NAMED_REFERENCES[key]) return NAMED_REFERENCES[key];
  const match = /^([a-z]+?)Ids?$/i.exec(key);
  return match ? REFERENCES[match[1]!.toLowerCase()] : undefined;
}

function widgetOf(key: string, node: JsonNode, path: string = key, labels?: LabelSource): Widget {
  // A place's week and its links have their own editors (no JSON typed by hand).
  if (key === 'openingHours') return { kind: 'openingHours' };
  if (key === 'socials') return { kind: 'socials' };
  if (isImageField(node)) return { kind: 'image' };
  if (typeOf(node) === 'array' && node.items && isImageField(node.items)) return { kind: 'images' };
  // Strings of two shapes (an image's address: on the web, or of an uploaded file) are typed as one.
  if (node.anyOf?.length && node.anyOf.every((n) => typeOf(n) === 'string')) return widgetOf(key, { type: 'string', default: node.default }, path, labels);
  const nonNull = node.anyOf?.filter((n) => typeOf(n) !== 'null');
  if (nonNull && nonNull.length === 1) {
    const widget = widgetOf(key, { ...nonNull[0]!, default: node.default }, path, labels);
    // A nullable colour (a place's, an organisation's) offers « Aucune »; a nullable group (a link's device targets, its page) is taken away when emptied.
    if (widget.kind === 'colour') return { kind: 'colour', none: nonNull.length < node.anyOf!.length };
    if (widget.kind === 'group' && nonNull.length < node.anyOf!.length) return { ...widget, none: true };
    return widget;
  }
  if (key === 'price' && node.anyOf) return { kind: 'price' };
  if (node.anyOf) return { kind: 'json' };
  if (node.enum) return { kind: 'select', options: node.enum.map(String) };
  const type = typeOf(node);
  if (type === 'string') {
    if (node.format === 'date-time') return { kind: 'datetime' };
    if (node.format === 'date') return { kind: 'date' };
    if (node.pattern === HEX_COLOUR_PATTERN.source) return { kind: 'colour', none: false };
    if (node.pattern === ICON_ID_PATTERN.source) return { kind: 'icon' };
    const reference = key.endsWith('Id') || NAMED_REFERENCES[key] ? referenceOf(key) : undefined;
    if (reference) return { kind: 'reference', resource: reference };
    if (IMAGE_KEY.test(key)) return { kind: 'image' };
    if (MARKDOWN_KEY.test(key) || (node.maxLength ?? 0) >= 5000) return { kind: 'markdown' };
    if (/url$|website/i.test(key)) return { kind: 'url' };
    return { kind: 'text' };
  }
  if (type === 'integer' || type === 'number') return { kind: 'number', integer: type === 'integer', min: node.minimum, max: node.maximum };
  if (type === 'boolean') return { kind: 'checkbox' };
  if (type === 'array' && node.items) {
    const item = node.items;
    const reference = key.endsWith('Ids') ? referenceOf(key) : undefined;
    if (reference) return { kind: 'references', resource: reference, ...(ORDERED_REFERENCES.has(key) ? { ordered: true } : {}) };
    if (item.enum) return { kind: 'choices', options: item.enum.map(String) };
    if (typeOf(item) === 'object' && item.properties) return { kind: 'repeat', fields: fieldsOf(item, labels, path) };
    if (typeOf(item) === 'string' || typeOf(item) === 'number') return { kind: 'lines' };
    return { kind: 'json' };
  }
  if (type === 'object' && node.properties) {
    const keys = Object.keys(node.properties);
    if (key === 'location' || (keys.includes('lat') && keys.includes('lng') && keys.length === 2)) return { kind: 'location' };
    return { kind: 'group', fields: fieldsOf(node, labels, path) };
  }
  return { kind: 'json' };
}

/** Fields the server writes (an upload's variants): kept as they are, never in a form. */
const SERVER_SET = new Set(['variants']);

export function fieldsOf(node: JsonNode, labels?: LabelSource, prefix = ''): Field[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).filter(([key]) => !SERVER_SET.has(key)).map(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const french = labels?.(path);
    return {
      key,
      label: french?.label ?? labelOf(key),
      required: required.has(key) && child.default === undefined,
      widget: widgetOf(key, child, path, labels),
      default: child.default,
      ...(french?.help ? { help: french.help } : {}),
      ...(french?.values ? { values: french.values } : {}),
    };
  });
}

const cache = new Map<z.ZodType, Field[]>();

/** The form fields of a zod schema, read from its JSON Schema (zod 4's toJSONSchema, input side). */
export function formFieldsOf(schema: z.ZodType, labels?: LabelSource): Field[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
  return fieldsOf(json, labels);
}

/** A resource's form fields, under the French labels, help texts and value names core declares beside its schema. */
export function resourceFields(resource: ResourceName): Field[] {
  const schema = RESOURCES[resource].input;
  let fields = cache.get(schema);
  if (!fields) cache.set(schema, (fields = formFieldsOf(schema, (path) => fieldLabelOf(resource, path))));
  return fields;
}

/** The French name of a field's value: its enum label, else the value itself. */
export const valueText = (field: Pick<Field, 'values'>, value: string): string => {
  const text = field.values?.[value] ?? value;
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The empty value of a new record: each field's default, else nothing. */
export function emptyValue(fields: Field[]): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined) value[field.key] = structuredClone(field.default);
    else if (field.widget.kind === 'group') value[field.key] = emptyValue(field.widget.fields);
  }
  return value;
}

/**
 * What a form sends: only the schema's keys, with the blanks of optional fields left out
 * (an empty text or number means « not given »), nested groups and repeated items alike.
 */
export function cleanValue(fields: Field[], value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    let v = value[field.key];
    // A colour taken away (« Aucune ») is sent as null, so that an update drops the stored one.
    if (v === null && field.widget.kind === 'colour' && field.widget.none) {
      out[field.key] = null;
      continue;
    }
    if (v === undefined || v === null || (v === '' && !field.required && field.default === undefined)) continue;
    if (field.widget.kind === 'group' && typeof v === 'object') {
      v = cleanValue(field.widget.fields, v as Record<string, unknown>);
      // An optional group left blank (an event's import source) is not given at all; a nullable
      // one (a link's targets, its page) is sent as null, so that an update takes it away.
      if (!field.required && Object.keys(v as object).length === 0) {
        if (field.widget.none) out[field.key] = null;
        continue;
      }
    }
    if (field.widget.kind === 'repeat' && Array.isArray(v)) {
      const inner = field.widget.fields;
      v = v.map((item) => cleanValue(inner, item as Record<string, unknown>));
    }
    out[field.key] = v;
  }
  return out;
}
