/*
 * The scripts of the embeds (issue 35), written here as typed functions and sent as their own
 * source (Function.prototype.toString): each one is self-contained — it reads nothing of this
 * module's scope, only its parameters and the browser's globals — so that the same function
 * draws a bracket on the server and again in the browser at each update. No framework and no
 * bundle: a venue's page and the embed page each load a few kilobytes.
 */

interface BracketMatch {
  id?: string;
  bracket?: string;
  group?: number;
  round?: number;
  a?: string | null;
  b?: string | null;
  scoreA?: number | null;
  scoreB?: number | null;
  winner?: string | null;
  status?: string;
}
interface BracketTournament {
  _id?: string;
  name?: string;
  game?: string;
  status?: string;
  winnerId?: string | null;
  participants?: Array<{ id: string; name: string }>;
  matches?: BracketMatch[];
}

/** A tournament's bracket as HTML, in French: its rounds, each match's players and score, the winner; links open the tournament's page. */
export function renderBracket(tournament: BracketTournament, origin: string): string {
  const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const names: Record<string, string> = {};
  for (const participant of tournament.participants ?? []) names[participant.id] = participant.name;
  const nameOf = (id: string | null | undefined) => (id ? (names[id] ?? '?') : 'À déterminer');
  const brackets: Record<string, string> = {
    winners: 'Tableau', losers: 'Repêchage', grand_final: 'Grande finale', third_place: 'Petite finale', group: 'Poule', swiss: 'Ronde suisse', round_robin: 'Championnat',
  };
  const statuses: Record<string, string> = { registration: 'Inscriptions ouvertes', running: 'En cours', finished: 'Terminé' };
  const rounds: Array<{ key: string; title: string; matches: BracketMatch[] }> = [];
  for (const match of tournament.matches ?? []) {
    const bracket = match.bracket ?? 'winners';
    const key = `${bracket}-${match.group ?? 0}-${match.round ?? 1}`;
    let round = rounds.find((candidate) => candidate.key === key);
    if (!round) {
      const group = match.group ? ` ${match.group}` : '';
      const title = bracket === 'grand_final' || bracket === 'third_place' ? (brackets[bracket] ?? '') : `${brackets[bracket] ?? ''}${group} · tour ${match.round ?? 1}`;
      round = { key, title, matches: [] };
      rounds.push(round);
    }
    round.matches.push(match);
  }
  const page = `${origin}/tournaments/${encodeURIComponent(tournament._id ?? '')}`;
  const side = (match: BracketMatch, slot: 'a' | 'b') => {
    const id = match[slot];
    const score = slot === 'a' ? match.scoreA : match.scoreB;
    const won = Boolean(id) && match.winner === id;
    return `<span class="side${won ? ' won' : ''}"><span class="who">${escape(nameOf(id))}</span><span class="score">${typeof score === 'number' ? escape(score) : '–'}</span></span>`;
  };
  const winner = tournament.winnerId ? `<p class="winner">Vainqueur : <strong>${escape(nameOf(tournament.winnerId))}</strong></p>` : '';
  const body = rounds.length
    ? rounds
        .map((round) => `<section><h2>${escape(round.title)}</h2><ul>${round.matches.map((match) => `<li class="match${match.status === 'done' ? ' done' : ''}" data-match="${escape(match.id)}">${side(match, 'a')}${side(match, 'b')}</li>`).join('')}</ul></section>`)
        .join('')
    : '<p class="empty">Le tableau sera tiré au début du tournoi.</p>';
  return `<header><h1><a href="${escape(page)}" target="_blank" rel="noopener">${escape(tournament.name)}</a></h1><p class="meta">${escape(tournament.game)} · ${escape(statuses[tournament.status ?? ''] ?? '')}</p></header>${winner}${body}`;
}

interface LeaderboardView {
  blindTestId?: string;
  title?: string;
  role?: string;
  status?: string;
  questionCount?: number;
  question?: { index?: number } | null;
  leaderboard?: Array<{ nickname: string; score: number; rank: number }>;
  teams?: Array<{ team: string; score: number; rank: number }>;
}

/** A blind test's leaderboard as HTML, in French: its teams' and its first players' scores; the title opens the game's page. */
export function renderLeaderboard(view: LeaderboardView, origin: string): string {
  const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const statuses: Record<string, string> = { lobby: 'Les joueurs arrivent', question: 'Question en cours', reveal: 'Réponse dévoilée', podium: 'Partie terminée' };
  const page = `${origin}/blindTests/${encodeURIComponent(view.blindTestId ?? '')}`;
  const status = view.role === 'closed' ? 'La partie n’est pas ouverte.' : (statuses[view.status ?? ''] ?? '');
  const row = (rank: number, name: string, score: number) => `<li class="side"><span class="who">${escape(rank)}. ${escape(name)}</span><span class="score">${escape(score)} pts</span></li>`;
  const teams = view.teams?.length ? `<h2>Équipes</h2><ol>${view.teams.map((team) => row(team.rank, team.team, team.score)).join('')}</ol>` : '';
  const players = view.leaderboard?.length
    ? `<h2>Classement</h2><ol>${view.leaderboard.slice(0, 10).map((player) => row(player.rank, player.nickname, player.score)).join('')}</ol>`
    : '<p class="empty">Le classement s’affiche dès les premières réponses.</p>';
  return `<header><h1><a href="${escape(page)}" target="_blank" rel="noopener">${escape(view.title)}</a></h1><p class="meta">Blind test · ${escape(status)}</p></header>${teams}${players}`;
}

/**
 * The embed page's script (/embed/live.js): tells the venue's page its height (embed.js sizes
 * the iframe with it) and, on a bracket, follows the tournament on the site's live socket —
 * socket.io's protocol spoken over a plain WebSocket, the same `tournament` call and
 * `tournament:update` event as the site's own pages — drawing each new state at once.
 */
export function embedPage(drawBracket: typeof renderBracket, drawLeaderboard: typeof renderLeaderboard): void {
  // The content's own height (the document's would be at least the iframe's): the iframe shrinks as well as grows.
  const tellHeight = () => parent.postMessage({ sortieEmbed: location.pathname, height: Math.ceil(document.body.getBoundingClientRect().height) }, '*');
  new ResizeObserver(tellHeight).observe(document.body);
  tellHeight();
  const root = document.querySelector<HTMLElement>('[data-live-tournament], [data-live-blind-test]');
  const tournamentId = root?.dataset.liveTournament;
  const blindTestId = root?.dataset.liveBlindTest;
  if (!root || !(tournamentId || blindTestId)) return;
  const show = (tournament: BracketTournament) => {
    if (tournament && tournament._id === tournamentId) root.innerHTML = drawBracket(tournament, location.origin);
  };
  const showGame = (view: LeaderboardView) => {
    if (view && view.blindTestId === blindTestId) root.innerHTML = drawLeaderboard(view, location.origin);
  };
  // The site's own call for what this page shows: a tournament, or a blind test as its screen sees it.
  const call = tournamentId ? ['tournament', { action: 'get', tournamentId }] : ['blindTest', { action: 'get', blindTestId }];
  const connect = (): void => {
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/socket.io/?EIO=4&transport=websocket`);
    socket.onmessage = (message) => {
      const data = String(message.data);
      // Engine.IO: 0 open, 2 ping (answered 3); Socket.IO: 40 connected, 43 an acknowledgement, 42 an event.
      if (data.startsWith('0')) socket.send('40');
      else if (data === '2') socket.send('3');
      else if (data.startsWith('40')) socket.send(`421${JSON.stringify([call[0], JSON.stringify(call[1])])}`);
      else if (data.startsWith('431')) {
        const [answer] = JSON.parse(data.slice(3));
        if (answer && answer.status === 'ok') {
          if (answer.tournament) show(answer.tournament);
          if (answer.game) showGame(answer.game);
        }
      } else if (data.startsWith('42')) {
        const [name, payload] = JSON.parse(data.slice(2));
        if (name === 'tournament:update') show(payload);
        if (name === 'blindTest:update' && payload && payload.game) showGame(payload.game);
      }
    };
    // The server restarting or the network lost: the next state comes with the next connection.
    socket.onclose = () => void setTimeout(connect, 3000);
  };
  connect();
}

/**
 * embed.js, on the venue's own page: `<sortie-agenda place="…">`, `<sortie-bracket
 * tournament="…">` and `<sortie-leaderboard blind-test="…">`, each an iframe of this site's embed page that grows to its content, and the
 * one-line form `<script src="…/embed.js" data-place="…" async>` (or data-tournament, data-blind-test) that puts one where it stands.
 */
export function embedLoader(origin: string): void {
  const define = (tag: string, attribute: string, path: string, title: string) => {
    if (customElements.get(tag)) return;
    customElements.define(
      tag,
      class extends HTMLElement {
        connectedCallback() {
          if (this.querySelector('iframe')) return;
          const frame = document.createElement('iframe');
          frame.src = `${origin}${path}${encodeURIComponent(this.getAttribute(attribute) ?? '')}`;
          frame.title = title;
          frame.loading = 'lazy';
          frame.setAttribute('style', 'display:block;width:100%;max-width:100%;height:400px;border:0;border-radius:12px');
          window.addEventListener('message', (event) => {
            if (event.origin === origin && event.source === frame.contentWindow && event.data && typeof event.data.height === 'number') frame.style.height = `${Math.ceil(event.data.height)}px`;
          });
          this.appendChild(frame);
        }
      },
    );
  };
  define('sortie-agenda', 'place', '/embed/places/', 'Agenda sur Sortie');
  define('sortie-bracket', 'tournament', '/embed/tournaments/', 'Tournoi en direct sur Sortie');
  define('sortie-leaderboard', 'blind-test', '/embed/blindTests/', 'Blind test en direct sur Sortie');
  const script = document.currentScript;
  if (!script || !script.parentNode) return;
  const place = script.getAttribute('data-place');
  const tournament = script.getAttribute('data-tournament');
  const blindTest = script.getAttribute('data-blind-test');
  if (blindTest) {
    const element = document.createElement('sortie-leaderboard');
    element.setAttribute('blind-test', blindTest);
    script.parentNode.insertBefore(element, script.nextSibling);
  }
  if (place) {
    const element = document.createElement('sortie-agenda');
    element.setAttribute('place', place);
    script.parentNode.insertBefore(element, script.nextSibling);
  }
  if (tournament) {
    const element = document.createElement('sortie-bracket');
    element.setAttribute('tournament', tournament);
    script.parentNode.insertBefore(element, script.nextSibling);
  }
}

/** esbuild's keepNames (the server's build) wraps functions in `__name(…)`: harmless in the browser with this. */
const NAME_SHIM = 'var __name = function (target) { return target; };';

/** /embed/live.js */
export const embedPageScript = () => `${NAME_SHIM}\n(${embedPage.toString()})(${renderBracket.toString()}, ${renderLeaderboard.toString()});\n`;

/** /embed.js, for a site at `origin` */
export const embedLoaderScript = (origin: string) => `${NAME_SHIM}\n(${embedLoader.toString()})(${JSON.stringify(origin)});\n`;
