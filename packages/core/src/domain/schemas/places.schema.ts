import { z } from 'zod';
import { CentsSchema, EmailSchema, EntityMeta, HexColourSchema, HttpUrlSchema, IsoDateTimeSchema, LatLngSchema, NonEmpty, ObjectIdSchema } from './common.schema';
import { ImageFieldSchema } from './image.schema';
import { storedRangeProblem } from '../opening-hours';
import { IconIdSchema } from './icon.schema';

export const AddressSchema = z.object({
  street: z.string().trim().max(200).default(''),
  postalCode: z.string().regex(/^\d{5}$/, 'Code postal à 5 chiffres attendu.'),
  city: NonEmpty('La ville', 100),
});

/** Opening hours per weekday (0 = Monday), each a list of "HH:MM-HH:MM" ranges. */
export const OpeningHoursSchema = z.partialRecord(
  z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']),
  z
    .array(
      z
        .string()
        .regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, 'Plage horaire HH:MM-HH:MM attendue.')
        .superRefine((range, ctx) => {
          const problem = storedRangeProblem(range);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    )
    .max(4, 'Quatre plages par jour au plus.'),
);

/** A day the place is exceptionally closed (a holiday, works…), with an optional note for the public. */
export const ClosureSchema = z.object({
  date: z.iso.date({ message: 'Date attendue (AAAA-MM-JJ).' }),
  note: z.string().trim().max(200).default(''),
});

const PlaceFields = z.object({
  name: NonEmpty('Le nom'),
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Slug invalide.'),
  typeId: ObjectIdSchema.optional(),
  description: z.string().max(20_000).default(''),
  address: AddressSchema,
  location: LatLngSchema.optional(),
  phone: z.string().trim().max(30).optional(),
  website: HttpUrlSchema.optional(),
  socials: z.record(z.string().max(30), HttpUrlSchema).default({}),
  images: z.array(ImageFieldSchema).max(20).default([]),
  openingHours: OpeningHoursSchema.default({}),
  closures: z.array(ClosureSchema).max(100, 'Cent fermetures au plus.').default([]),
  organizationId: ObjectIdSchema.optional(),
  /** The venue's brand colour (posters, social visuals); null: none, as « Aucune » sets it. */
  colour: HexColourSchema.nullable().optional(),
});
export const PlaceInputSchema = PlaceFields;
export const PlaceSchema = PlaceFields.extend(EntityMeta);
export type Place = z.infer<typeof PlaceSchema>;

export const PlaceTypeInputSchema = z.object({ name: NonEmpty('Le nom', 80), icon: IconIdSchema.default('mdiMapMarker') });
export const PlaceTypeSchema = PlaceTypeInputSchema.extend(EntityMeta);
export type PlaceType = z.infer<typeof PlaceTypeSchema>;

export const PlaceRoleInputSchema = z.object({ placeId: ObjectIdSchema, userId: ObjectIdSchema, role: z.enum(['owner', 'manager', 'staff']) });
export const PlaceRoleSchema = PlaceRoleInputSchema.extend(EntityMeta);
export type PlaceRole = z.infer<typeof PlaceRoleSchema>;

/** The 14 allergens of EU regulation 1169/2011, annex II. */
export const ALLERGENS = [
  'gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs',
] as const;
export const ALLERGEN_LABELS: Record<(typeof ALLERGENS)[number], string> = {
  gluten: 'Gluten', crustaceans: 'Crustacés', eggs: 'Œufs', fish: 'Poissons', peanuts: 'Arachides', soybeans: 'Soja', milk: 'Lait',
  nuts: 'Fruits à coque', celery: 'Céleri', mustard: 'Moutarde', sesame: 'Sésame', sulphites: 'Sulfites', lupin: 'Lupin', molluscs: 'Mollusques',
};
export const AllergenSchema = z.enum(ALLERGENS);

export const MenuItemSchema = z.object({
  name: NonEmpty('Le nom du plat'),
  description: z.string().max(1000).default(''),
  price: CentsSchema,
  allergens: z.array(AllergenSchema).default([]),
  tags: z.array(z.enum(['vegan', 'vegetarian'])).default([]),
});
export const MenuSectionSchema = z.object({ name: NonEmpty('Le nom de la section', 100), items: z.array(MenuItemSchema).max(200).default([]) });
export const MenuInputSchema = z.object({ placeId: ObjectIdSchema, title: NonEmpty('Le titre'), sections: z.array(MenuSectionSchema).max(50).default([]) });
export const MenuSchema = MenuInputSchema.extend(EntityMeta);
export type Menu = z.infer<typeof MenuSchema>;

export const StoreInputSchema = z.object({
  name: NonEmpty('Le nom'),
  placeId: ObjectIdSchema.optional(),
  description: z.string().max(5000).default(''),
  url: HttpUrlSchema.optional(),
  products: z.array(z.object({ name: NonEmpty('Le nom du produit'), price: CentsSchema, image: HttpUrlSchema.optional() })).max(500).default([]),
});
export const StoreSchema = StoreInputSchema.extend(EntityMeta);
export type Store = z.infer<typeof StoreSchema>;

export const CONTRACTS = ['CDI', 'CDD', 'extra', 'stage', 'alternance', 'freelance'] as const;
const JobOfferFields = z.object({
  title: NonEmpty('Le titre'),
  placeId: ObjectIdSchema.optional(),
  organizationId: ObjectIdSchema.optional(),
  contract: z.enum(CONTRACTS),
  description: z.string().max(20_000).default(''),
  salary: z.string().trim().max(100).optional(),
  startsAt: IsoDateTimeSchema.optional(),
  city: NonEmpty('La ville', 100),
  applyUrl: HttpUrlSchema.optional(),
  applyEmail: EmailSchema.optional(),
  publishedAt: IsoDateTimeSchema,
  expiresAt: IsoDateTimeSchema.optional(),
});
const howToApply = (o: { applyUrl?: string; applyEmail?: string }) => Boolean(o.applyUrl || o.applyEmail);
export const JobOfferInputSchema = JobOfferFields.refine(howToApply, { message: 'Indiquez une adresse ou un e-mail pour postuler.', path: ['applyUrl'] });
export const JobOfferPatchSchema = JobOfferFields.partial();
export const JobOfferSchema = JobOfferFields.extend(EntityMeta);
export type JobOffer = z.infer<typeof JobOfferSchema>;
