import {
  ClockPort,
  DynaLinkInputSchema,
  LinkNotFoundError,
  LinkResolverPort,
  ListQuerySchema,
  NavigatorPort,
  NotFoundError,
  ObjectIdSchema,
  OPERATIONS,
  ProductApiPort,
  ResolveShortLink,
  ShortCodeSchema,
  type DynaLink,
  type Visit,
} from '@sortie/core';
import { CommandFailure } from '../cli-errors';
import type { ActionContext } from '../context';
import { isUnreachable, parseArgument, toCliError, unreachable } from './errors';
import { formatDateTime, formatFields, formatTable } from './format';

const shortUrl = (apiUrl: string, code: unknown) => (typeof code === 'string' && code ? `${apiUrl}/r/${code}` : undefined);

/** `links resolve <shortCode>`: what /r/{shortCode} would open, the visit recorded by ResolveShortLink. */
export async function linksResolve({ container, out, apiUrl }: ActionContext, shortCode: string): Promise<void> {
  const code = parseArgument(ShortCodeSchema, shortCode, 'le code court');
  const navigation = await out.progress('Résolution du lien…', () => container.get(ResolveShortLink).execute(code));
  if (navigation.kind === 'fallback') {
    // The use case falls back to /home (SPEC.md §8); a script needs the reason and exit 1.
    const { cause } = navigation;
    if (isUnreachable(cause)) throw unreachable(apiUrl, cause);
    if (cause instanceof LinkNotFoundError || cause instanceof NotFoundError) {
      throw new CommandFailure(`Code court inconnu : « ${code} » (/r/${code} renverrait vers l’accueil).`, 'LINK_NOT_FOUND', { cause });
    }
    throw toCliError(cause, { apiUrl, out });
  }
  out.result({ shortCode: code, url: navigation.url }, () => navigation.url);
}

/** `links get <id>` */
export async function linksGet({ container, out, apiUrl }: ActionContext, id: string): Promise<void> {
  const linkId = parseArgument(ObjectIdSchema, id, 'l’identifiant de lien');
  const link = await out.progress('Lecture du lien…', () => container.get(LinkResolverPort).getDynaLink(linkId));
  out.result({ ...link, shortUrl: shortUrl(apiUrl, link.shortCode) }, () => describeLink(link, apiUrl));
}

/** `links visit <id>`: records a visit with the date and sortie's user agent. */
export async function linksVisit({ container, out }: ActionContext, id: string): Promise<void> {
  const linkId = parseArgument(ObjectIdSchema, id, 'l’identifiant de lien');
  const visit: Visit = { datetime: container.get(ClockPort).now().toISOString(), userAgent: container.get(NavigatorPort).userAgent() };
  await out.progress('Enregistrement de la visite…', () => container.get(LinkResolverPort).recordVisit(linkId, visit));
  out.done(`Visite enregistrée pour le lien ${linkId} (${formatDateTime(visit.datetime)}).`, { id: linkId, ...visit });
}

/** `links create <url> [--code <shortCode>]` (staff). */
export async function linksCreate({ container, out, apiUrl }: ActionContext, url: string, options: { code?: string }): Promise<void> {
  const input = parseArgument(DynaLinkInputSchema, { url, ...(options.code === undefined ? {} : { shortCode: options.code }) }, 'le lien');
  const link = await out.progress('Création du lien…', () => container.get(ProductApiPort).create<Partial<DynaLink>>('dynaLinks', input));
  const address = shortUrl(apiUrl, link.shortCode);
  out.result({ ...link, shortUrl: address }, () => (out.quiet ? (address ?? '') : [`Lien créé : ${address ?? '(sans code court)'}`, ...describeLink(link, apiUrl).slice(1)]));
}

/** `links list [--limit] [--offset] [--search]` (staff): a table, or the page as JSON. */
export async function linksList({ container, out }: ActionContext, options: { limit?: string; offset?: string; search?: string }): Promise<void> {
  const query = parseArgument(ListQuerySchema, { limit: options.limit, offset: options.offset, q: options.search }, 'la pagination');
  const page = await out.progress('Lecture des liens…', () =>
    container.get(ProductApiPort).list<Partial<DynaLink>>('dynaLinks', { limit: query.limit, offset: query.offset, q: query.q }),
  );
  out.result(page, () =>
    page.items.length === 0
      ? 'Aucun lien.'
      : formatTable<Partial<DynaLink>>(
          [
            { title: 'ID', value: (l) => l._id ?? '' },
            { title: 'CODE', value: (l) => l.shortCode ?? '', max: 30 },
            { title: 'VISITES', value: (l) => String(l.visitCount ?? 0), align: 'right' },
            { title: 'ADRESSE', value: (l) => l.url ?? '', max: 70 },
          ],
          page.items,
        ),
  );
  if (!out.json && page.items.length > 0) out.notice(`${page.items.length} lien${page.items.length > 1 ? 's' : ''} affiché${page.items.length > 1 ? 's' : ''} sur ${page.meta.total}.`);
}

/** `links visits <id>` (staff): date and user agent of each visit. */
export async function linksVisits({ container, out }: ActionContext, id: string, options: { limit?: string; offset?: string } = {}): Promise<void> {
  const linkId = parseArgument(ObjectIdSchema, id, 'l’identifiant de lien');
  const { limit, offset } = parseArgument(ListQuerySchema, { limit: options.limit, offset: options.offset }, 'la pagination');
  const answer = await out.progress('Lecture des visites…', () =>
    container.get(ProductApiPort).call(OPERATIONS.dynaLinkVisits, { path: { id: linkId }, query: { limit, offset } }),
  );
  const visits = answer.items;
  out.result(answer, () =>
    visits.length === 0
      ? 'Aucune visite.'
      : formatTable<Visit>(
          [
            { title: 'DATE', value: (v) => formatDateTime(v.datetime) },
            { title: 'AGENT UTILISATEUR', value: (v) => v.userAgent, max: 100 },
          ],
          visits,
        ),
  );
  if (!out.json && visits.length > 0 && answer.meta.total > visits.length) {
    const s = visits.length > 1 ? 's' : '';
    out.notice(`${visits.length} visite${s} affichée${s} sur ${answer.meta.total} (--limit et --offset pour les autres).`);
  }
}

function describeLink(link: Partial<DynaLink>, apiUrl: string): string[] {
  return [
    `Lien ${link._id ?? ''}`.trimEnd(),
    ...formatFields([
      ['Code court', link.shortCode],
      ['Lien court', shortUrl(apiUrl, link.shortCode)],
      ['Adresse', link.url],
      ['Visites', link.visitCount],
      ['Créé le', link.createdAt ? formatDateTime(link.createdAt) : undefined],
      ['Expire le', link.expiresAt ? formatDateTime(link.expiresAt) : undefined],
    ]),
  ];
}
