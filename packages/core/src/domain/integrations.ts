import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';
import { formatDateTime } from './french-format';

/*
 * Instagram, Bright Data and the admins' diagnostics (issue 23): what the API answers about
 * them, the variables that configure them, and the one rule of what an Instagram caption says.
 */

/** An environment variable an integration reads, with what it is (names only: a value never leaves the server). */
export const IntegrationVariableSchema = z.object({ name: z.string(), help: z.string(), set: z.boolean() });
export type IntegrationVariable = z.infer<typeof IntegrationVariableSchema>;

export const INSTAGRAM_NOT_CONFIGURED_MESSAGE = 'Instagram non configuré : ce serveur n’a pas de jeton d’accès Instagram.';
export const INSTAGRAM_VARIABLES = [
  { name: 'INSTAGRAM_ACCESS_TOKEN', help: 'Le jeton d’accès longue durée de l’API Graph, avec les droits instagram_basic et instagram_content_publish.' },
  { name: 'INSTAGRAM_USER_ID', help: 'L’identifiant du compte Instagram professionnel (ig-user-id) relié à la page Facebook du lieu.' },
] as const;

export const BRIGHTDATA_NOT_CONFIGURED_MESSAGE = 'Bright Data non configuré : ce serveur n’a pas de jeton d’API Bright Data.';
export const BRIGHTDATA_VARIABLES = [
  { name: 'BRIGHTDATA_API_TOKEN', help: 'Le jeton de l’API Bright Data (Paramètres du compte → Jetons d’API).' },
  { name: 'BRIGHTDATA_ZONE', help: 'Le nom de la zone Web Unlocker à utiliser (par exemple web_unlocker1).' },
] as const;

/** One event the Instagram page can post: its caption (editable) and where its visual is. */
export const InstagramEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  caption: z.string(),
  /** The designer's square visual (staff only), to download; publishing sends the same visual, as a JPEG, to Instagram. */
  visualPath: z.string(),
});
export type InstagramEvent = z.infer<typeof InstagramEventSchema>;

export const InstagramStatusSchema = z.object({
  configured: z.boolean(),
  variables: z.array(IntegrationVariableSchema),
  events: z.array(InstagramEventSchema),
  /** Why Instagram may fail to read the visual (no public address configured), or null. */
  warning: z.string().nullable().default(null),
});
export type InstagramStatus = z.infer<typeof InstagramStatusSchema>;

export const INSTAGRAM_CAPTION_MAX = 2200;
export const InstagramPublishSchema = z.object({
  caption: z.string().trim().min(1, 'La légende est vide.').max(INSTAGRAM_CAPTION_MAX, `${INSTAGRAM_CAPTION_MAX} caractères au plus (limite d’Instagram).`),
});

export const InstagramPublicationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  caption: z.string(),
  imageUrl: z.string(),
  /** pending: sent to Instagram, no answer yet (or the server stopped meanwhile). */
  status: z.enum(['pending', 'published', 'failed']),
  mediaId: z.string().nullable(),
  permalink: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type InstagramPublication = z.infer<typeof InstagramPublicationSchema>;
export const InstagramPublicationListSchema = z.object({ items: z.array(InstagramPublicationSchema) });

/** The caption Sortie proposes for an event: title, date (Paris time), place, a short description and its link. */
export function instagramCaption(event: { title: string; startsAt: string; placeName?: string | null; city?: string | null; description?: string | null; url?: string | null }): string {
  const when = Number.isNaN(Date.parse(event.startsAt)) ? '' : formatDateTime(event.startsAt);
  const where = [event.placeName, event.city].filter(Boolean).join(', ');
  const about = (event.description ?? '').replace(/[#*_>`[\]]/g, '').replace(/\s+/g, ' ').trim();
  const short = about.length > 400 ? `${about.slice(0, 399).trimEnd()}…` : about;
  const lines = [event.title, [when && `📅 ${when}`, where && `📍 ${where}`].filter(Boolean).join('\n'), short, event.url ? `Infos et réservation : ${event.url}` : ''];
  return lines.filter(Boolean).join('\n\n').slice(0, INSTAGRAM_CAPTION_MAX);
}

export const BrightDataStatusSchema = z.object({
  configured: z.boolean(),
  variables: z.array(IntegrationVariableSchema),
  zone: z.string().nullable(),
  /** The page « Tester la connexion » reads through Bright Data. */
  testUrl: z.string(),
  /** Collectors that read through Bright Data. */
  collectors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const BrightDataTestSchema = z.object({
  ok: z.boolean(),
  url: z.string(),
  /** The HTTP status of the page read, or null when nothing came back. */
  status: z.number().int().nullable(),
  durationMs: z.number().int().min(0),
  bytes: z.number().int().min(0),
  message: z.string(),
});
export type BrightDataTest = z.infer<typeof BrightDataTestSchema>;

/** The collectors' fetching provider: a plain request, or Bright Data's Web Unlocker for sources that block robots. */
export const FETCH_PROVIDERS = ['direct', 'brightdata'] as const;
export const FetchProviderSchema = z.enum(FETCH_PROVIDERS);
export const FETCH_PROVIDER_LABELS = { direct: 'Requête directe', brightdata: 'Bright Data (Web Unlocker)' } as const;

/** The admins' diagnostics, in the order /dashboard/test shows them. */
export const DIAGNOSTIC_CHECKS = ['push', 'mail', 'socket', 'database', 'jobs', 'music', 'stripe', 'instagram', 'brightdata'] as const;
export const DiagnosticCheckSchema = z.enum(DIAGNOSTIC_CHECKS, 'Vérification inconnue.');
export type DiagnosticCheck = z.infer<typeof DiagnosticCheckSchema>;
export const DIAGNOSTIC_LABELS: Record<DiagnosticCheck, { label: string; help: string }> = {
  push: { label: 'Notification', help: 'M’envoyer une notification (cloche, et une vraie notification sur mes téléphones et navigateurs abonnés, avec la réponse de leur service).' },
  mail: { label: 'E-mail', help: 'M’envoyer un e-mail à l’adresse de mon compte.' },
  socket: { label: 'Temps réel', help: 'Mes connexions socket.io ouvertes, et un ping vers elles.' },
  database: { label: 'Base de données', help: 'SELECT 1 et le nombre de migrations appliquées.' },
  jobs: { label: 'Tâches planifiées', help: 'Les dernières exécutions du planificateur.' },
  music: { label: 'Musique', help: 'Le fournisseur de musique des blind tests (Spotify, MusicBrainz).' },
  stripe: { label: 'Stripe', help: 'Les clés Stripe, et un appel authentifié quand elles sont là.' },
  instagram: { label: 'Instagram', help: 'Le jeton Instagram, et un appel authentifié quand il est là.' },
  brightdata: { label: 'Bright Data', help: 'Le jeton Bright Data, et un appel authentifié quand il est là.' },
};
export const DIAGNOSTIC_OUTCOME_LABELS = { ok: 'OK', unconfigured: 'Non configuré', error: 'Erreur' } as const;

export const DiagnosticListSchema = z.object({ checks: z.array(z.object({ check: DiagnosticCheckSchema, label: z.string(), help: z.string() })) });
export const DiagnosticResultSchema = z.object({
  check: DiagnosticCheckSchema,
  outcome: z.enum(['ok', 'unconfigured', 'error']),
  message: z.string(),
  durationMs: z.number().int().min(0),
  /** The test notification's push, per device of the admin: what its push service answered. */
  devices: z
    .array(z.object({ device: z.string(), service: z.string(), status: z.enum(['queued', 'sent', 'failed']), statusCode: z.number().int().nullable(), answer: z.string().nullable() }))
    .optional(),
});
export type DiagnosticResult = z.infer<typeof DiagnosticResultSchema>;
