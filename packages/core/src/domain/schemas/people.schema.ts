import { z } from 'zod';
import { ArtistSlugSchema, EmailSchema, EntityMeta, HexColourSchema, HttpUrlSchema, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';
import { ImageFieldSchema } from './image.schema';
import { BadgeRuleSchema } from '../badges/badge-rules';
import { IconIdSchema } from './icon.schema';

export const OrganizationInputSchema = z.object({
  name: NonEmpty('Le nom'),
  description: z.string().max(20_000).default(''),
  logo: ImageFieldSchema.optional(),
  website: HttpUrlSchema.optional(),
  memberIds: z.array(ObjectIdSchema).max(500).default([]),
  /** The organisation's brand colour (its venues' posters when they have none); null: none. */
  colour: HexColourSchema.nullable().optional(),
});
export const OrganizationSchema = OrganizationInputSchema.extend(EntityMeta);
export type Organization = z.infer<typeof OrganizationSchema>;

export const ArtistInputSchema = z.object({
  name: NonEmpty('Le nom'),
  slug: ArtistSlugSchema,
  bio: z.string().max(20_000).default(''),
  genres: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  image: ImageFieldSchema.optional(),
  links: z.object({ spotify: HttpUrlSchema.optional(), instagram: HttpUrlSchema.optional(), website: HttpUrlSchema.optional() }).default({}),
});
export const ArtistSchema = ArtistInputSchema.extend(EntityMeta);
export type Artist = z.infer<typeof ArtistSchema>;

export const RoleSchema = z.enum(['admin', 'staff']);
export type Role = z.infer<typeof RoleSchema>;
/** The body of PUT /api/users/{id}/roles: the account's whole set of roles (each once). */
export const UserRolesSchema = z.object({ roles: z.array(RoleSchema).max(2).refine((roles) => new Set(roles).size === roles.length, 'Chaque rôle ne peut figurer qu’une fois.') });

/**
 * What a visitor may receive (SPEC §8): the reminders of liked events, the events of what they
 * follow, the raffle draws, the announcements of places, organisations and events; and (issue 33)
 * a blind test about to start at a place they follow, and their next tournament match called to its table.
 */
export const NOTIFICATION_KINDS = ['reminder', 'followedEvent', 'raffleDraw', 'announcement', 'blindTestSoon', 'matchReady'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;
const ChannelsSchema = z.object({ inApp: z.boolean().default(true), push: z.boolean().default(true), email: z.boolean().default(false) });
/**
 * Per kind, in the app, on the phones the visitor allowed (« Sur ce téléphone », Web Push or FCM)
 * and by e-mail; in the app and on those phones until the visitor says otherwise (a phone receives
 * nothing before its owner accepted the browser's prompt).
 */
export const NotificationPreferencesSchema = z.object({
  reminder: ChannelsSchema.prefault({}),
  followedEvent: ChannelsSchema.prefault({}),
  raffleDraw: ChannelsSchema.prefault({}),
  announcement: ChannelsSchema.prefault({}),
  blindTestSoon: ChannelsSchema.prefault({}),
  matchReady: ChannelsSchema.prefault({}),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** A profile picture: one uploaded to Sortie (a variant under /api/images/files/) or a web address. */
export const AvatarSchema = z.union([z.string().regex(/^\/api\/images\/files\/[0-9a-f]{24}-\d{1,5}-[0-9a-f]{16}\.(?:avif|webp|jpg)$/, 'Image de profil invalide.'), HttpUrlSchema]);
/** The widths made of an uploaded profile picture: the header's 36 px and the account page's 64 px, at 1× to 3×. */
export const AVATAR_WIDTHS = [96, 192] as const;

export const UserInputSchema = z.object({
  displayName: NonEmpty('Le nom affiché', 80),
  email: EmailSchema,
  avatar: AvatarSchema.optional(),
  city: z.string().trim().max(100).optional(),
  /** Absent until the visitor chooses: the defaults of NotificationPreferencesSchema apply. */
  notificationPreferences: NotificationPreferencesSchema.optional(),
});
/** A user as the API shows it; push tokens and password hashes never leave the server. */
// Roles are not part of what a form writes: they change through PUT /api/users/{id}/roles only (UserRolesSchema).
export const UserSchema = UserInputSchema.extend({ roles: z.array(RoleSchema).default([]), ...EntityMeta });
export type User = z.infer<typeof UserSchema>;
/** The public profile at /users/{id}: no e-mail. */
export const PublicUserSchema = UserSchema.omit({ email: true });
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** What GET /api/auth/me answers (SPEC.md §3: fields not shown; this is ours). */
export const CurrentUserSchema = UserSchema;
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const BadgeInputSchema = z.object({
  name: NonEmpty('Le nom', 80),
  description: z.string().max(1000).default(''),
  icon: IconIdSchema.default('mdiMedal'),
  /** How the badge is earned: a kind of rule from core's list and its threshold (domain/badges). */
  rule: BadgeRuleSchema.default({ kind: 'manual' }),
});
export const BadgeSchema = BadgeInputSchema.extend(EntityMeta);
export type Badge = z.infer<typeof BadgeSchema>;
export const UserBadgeSchema = z.object({ userId: ObjectIdSchema, badgeId: ObjectIdSchema, awardedAt: IsoDateTimeSchema });
export type UserBadge = z.infer<typeof UserBadgeSchema>;

export const FollowTargetSchema = z.object({ kind: z.enum(['place', 'organization', 'artist', 'user']), id: ObjectIdSchema });
export type FollowTarget = z.infer<typeof FollowTargetSchema>;
/** One does not follow oneself: the server refuses it, and one's own profile offers no « Suivre » (issue 30). */
export const followsOneself = (userId: string | null | undefined, target: FollowTarget): boolean => target.kind === 'user' && Boolean(userId) && target.id === userId;
export const FOLLOW_ONESELF_MESSAGE = 'Vous ne pouvez pas vous suivre vous-même.';
export const FollowSchema = z.object({ ...EntityMeta, userId: ObjectIdSchema, target: FollowTargetSchema });
export type Follow = z.infer<typeof FollowSchema>;
export const LikeSchema = z.object({ ...EntityMeta, userId: ObjectIdSchema, eventId: ObjectIdSchema });
export type Like = z.infer<typeof LikeSchema>;

export const NotificationInputSchema = z.object({
  userId: ObjectIdSchema,
  title: NonEmpty('Le titre'),
  body: z.string().max(2000).default(''),
  icon: HttpUrlSchema.optional(),
  link: z.string().max(2048).optional(),
});
/** SPEC.md §3: id, title, body, icon (optional, shown as an avatar). */
export const NotificationSchema = NotificationInputSchema.extend({ ...EntityMeta, readAt: IsoDateTimeSchema.nullable().default(null) });
export type Notification = z.infer<typeof NotificationSchema>;

/**
 * What a visitor changes of their own profile (PATCH /api/me/profile): their name, their city
 * (null to clear it), and their picture (null to go back to their initials; a new one is uploaded
 * with PUT /api/me/avatar). Nothing else: roles and e-mail have their own ways.
 */
export const ProfilePatchSchema = z
  .object({
    displayName: NonEmpty('Le nom affiché', 80).optional(),
    city: z.string().trim().min(1, 'Choisissez une ville.').max(100).nullable().optional(),
    avatar: z.null().optional(),
  })
  .strict();
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;
