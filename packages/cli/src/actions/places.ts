import { GoToNextEvent, HOME_PATH, NavigatorPort, NotFoundError, ObjectIdSchema, RecordShareView, SHARE_QUERY_PARAM } from '@sortie/core';
import { CommandFailure } from '../cli-errors';
import type { ActionContext } from '../context';
import { isUnreachable, parseArgument, toCliError, unreachable } from './errors';

/** `events next --place <placeId>`: the full address /nextEvent?place= would open. */
export async function eventsNext({ container, out, apiUrl }: ActionContext, place: string): Promise<void> {
  const placeId = parseArgument(ObjectIdSchema, place, 'l’identifiant de lieu');
  const navigation = await out.progress('Recherche du prochain événement…', () => container.get(GoToNextEvent).execute(placeId));
  if (navigation.kind === 'fallback') {
    // /nextEvent falls back to /home on error (SPEC.md §2); a script must learn it failed.
    const { cause } = navigation;
    if (isUnreachable(cause)) throw unreachable(apiUrl, cause);
    const reason = toCliError(cause, { apiUrl, out }).message;
    throw new CommandFailure(`Recherche du prochain événement impossible : ${reason} (/nextEvent renverrait vers ${apiUrl}${HOME_PATH}).`, 'NEXT_EVENT_FAILED', { cause });
  }
  const { path } = navigation;
  const url = `${apiUrl}${path}`;
  const kind = path.startsWith('/events/') ? 'event' : 'place';
  out.result({ placeId, kind, path, url }, () => url);
}

/** `shares view <id>`: RecordShareView, as when a visitor opens an address carrying ?nshid={id}. */
export async function sharesView({ container, out, apiUrl }: ActionContext, id: string): Promise<void> {
  const shareId = parseArgument(ObjectIdSchema, id, 'l’identifiant de partage');
  const navigator = container.get(NavigatorPort) as NavigatorPort & { setUrl?(url: string): unknown };
  navigator.setUrl?.(`${apiUrl}/?${SHARE_QUERY_PARAM}=${shareId}`);
  const outcome = await out.progress('Enregistrement de la vue…', () => container.get(RecordShareView).execute());
  if (outcome.kind === 'failed') {
    const { cause } = outcome;
    if (cause instanceof NotFoundError) throw new CommandFailure(`Partage introuvable : ${shareId}.`, 'SHARE_NOT_FOUND', { cause });
    throw toCliError(cause, { apiUrl, out });
  }
  out.done(`Vue enregistrée pour le partage ${shareId}.`, { shareId, recorded: true });
}
