import { capitalise, formatDateTime, pathFor, type BlindTest, type Place, type Tournament } from '@sortie/core/domain';
import { locationOf, type CalendarItem } from '../calendar/ics';
import { renderBracket, renderLeaderboard } from './embed-client';

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's dark theme, small: the embed is a card on someone else's page. */
const STYLE = `*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1115;color:#f1f1f3}
main{padding:14px 16px}a{color:inherit}h1{font-size:1.1rem;margin:0 0 2px}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:#ffb020;margin:14px 0 6px}
.meta,.when{color:#b6b8c3;font-size:.85rem;margin:0}ul{list-style:none;margin:0;padding:0}li{padding:8px 0;border-top:1px solid #262a33}li:first-child{border-top:0}
.event a{font-weight:600;text-decoration:none}.event a:hover{text-decoration:underline}.empty{color:#b6b8c3}
.match{display:grid;gap:2px}.side{display:flex;justify-content:space-between;gap:12px}.side.won{font-weight:700;color:#ffb020}.score{font-variant-numeric:tabular-nums}
.winner{margin:10px 0 0}footer{margin-top:12px;font-size:.8rem;color:#b6b8c3}footer a{color:#ffb020}`;

function embedDocument(title: string, body: string, origin: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)} · Sortie</title><style>${STYLE}</style></head>
<body><main>${body}</main>
<footer><a href="${escape(origin)}/" target="_blank" rel="noopener">Sortie</a> — que faire ce soir ?</footer>
<script src="/embed/live.js" defer></script></body></html>`;
}

const eventLine = ({ event, place }: CalendarItem, origin: string) =>
  `<li class="event"><a href="${escape(`${origin}${pathFor('event', { id: event._id })}`)}" target="_blank" rel="noopener">${escape(event.title)}</a>` +
  `<p class="when">${escape(capitalise(formatDateTime(event.startsAt)))} · ${escape(place?.name ?? locationOf(event, place))}</p></li>`;

/** /embed/places/{ref}: the place's next events, each opening its page on the site. */
export function placeAgendaPage({ place, items }: { place: Place; items: CalendarItem[] }, origin: string): string {
  const page = `${origin}${pathFor('place', { id: place._id })}`;
  const list = items.length ? `<ul>${items.map((item) => eventLine(item, origin)).join('')}</ul>` : '<p class="empty">Aucun événement à venir pour le moment.</p>';
  const body = `<header><h1><a href="${escape(page)}" target="_blank" rel="noopener">${escape(place.name)}</a></h1><p class="meta">Les prochains événements</p></header><h2>À l’affiche</h2>${list}`;
  return embedDocument(place.name, body, origin);
}

/** /embed/events/{id}: one event, as a card linking to its page. */
export function eventCardPage(item: CalendarItem, origin: string): string {
  return embedDocument(item.event.title, `<ul>${eventLine(item, origin)}</ul>`, origin);
}

/** /embed/tournaments/{id}: the bracket as it stands, then followed live by /embed/live.js. */
export function tournamentPage(tournament: Tournament, origin: string): string {
  const body = `<div data-live-tournament="${escape(tournament._id)}">${renderBracket(tournament, origin)}</div>`;
  return embedDocument(tournament.name, body, origin);
}

/** /embed/blindTests/{id}: the game's title until the live script brings its leaderboard, as the room's screen sees it. */
export function blindTestPage(blindTest: BlindTest, origin: string): string {
  const body = `<div data-live-blind-test="${escape(blindTest._id)}">${renderLeaderboard({ blindTestId: blindTest._id, title: blindTest.title, status: 'lobby' }, origin)}</div>`;
  return embedDocument(blindTest.title, body, origin);
}
