import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  championshipStandings,
  ClockPort,
  formWindow,
  pathFor,
  raffleWindow,
  type BlindTest,
  type Championship,
  type EventGames as Games,
  type Form,
  type Raffle,
  type Tournament,
  type WindowCode,
} from '@sortie/core';
import { useQuery } from '../../data/useQuery';
import { eventGamesQuery } from '../../data/games';
import { useUseCase } from '../../services/container-context';
import { formatDateTime } from '../../format';
import { formatText, participantCount, statusText } from '../../components/tournament-text';

const NONE: Games = { tournaments: [], championships: [], blindTests: [], raffles: [], forms: [] };

const cardClass = 'relative rounded-2xl bg-surface p-4 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary';
const actionClass =
  'relative z-10 mt-3 inline-flex items-center rounded-full bg-primary px-4 py-1.5 text-sm font-semibold text-background hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-white';
const secondaryClass = 'relative z-10 mt-3 ml-3 inline-flex text-sm font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/**
 * What a visitor can play or enter at the event: its tournaments, championships, blind tests,
 * raffles and forms, each with the one action that fits its state now. Every kind stays out of
 * the page when the event has none.
 */
export function EventGames({ eventId }: { eventId: string }) {
  const now = useUseCase(ClockPort).now().getTime();
  const games = useQuery(eventGamesQuery(eventId));
  // The games are a part of the page, not the page: while they load, or if they cannot, it shows none.
  const { tournaments, championships, blindTests, raffles, forms } = games.status === 'success' ? games.data : NONE;

  return (
    <>
      <GameSection id="tournaments" title="Tournois" items={tournaments}>
        {(tournament) => <TournamentCard key={tournament._id} tournament={tournament} />}
      </GameSection>
      <GameSection id="championships" title="Championnat" items={championships}>
        {(championship) => <ChampionshipCard key={championship._id} eventId={eventId} championship={championship} tournaments={tournaments} />}
      </GameSection>
      <GameSection id="blind-tests" title="Blind test" items={blindTests}>
        {(test) => <BlindTestCard key={test._id} test={test} />}
      </GameSection>
      <GameSection id="raffles" title="Tombola" items={raffles}>
        {(raffle) => <RaffleCard key={raffle._id} raffle={raffle} window={raffleWindow(raffle, now)} />}
      </GameSection>
      <GameSection id="forms" title="Inscriptions" items={forms}>
        {(form) => <FormCard key={form._id} form={form} window={formWindow(form, now)} />}
      </GameSection>
    </>
  );
}

function GameSection<T>({ id, title, items, children }: { id: string; title: string; items: T[]; children: (item: T) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">{items.map(children)}</ul>
    </section>
  );
}

/** The card's title is a link over the whole card; its actions sit above that link. */
function CardTitle({ href, children }: { href: string; children: ReactNode }) {
  return (
    <h3 className="font-semibold">
      <Link href={href} className="after:absolute after:inset-0 focus-visible:outline-none">
        {children}
      </Link>
    </h3>
  );
}

function TournamentCard({ tournament }: { tournament: Tournament }) {
  const href = pathFor('tournament', { id: tournament._id });
  return (
    <li className={cardClass}>
      <CardTitle href={href}>{tournament.name}</CardTitle>
      <p className="mt-1 text-sm text-muted">
        {tournament.game} · {formatText(tournament.format)}
      </p>
      <p className="mt-1 text-sm">
        {statusText(tournament.status)} · {participantCount(tournament)}
      </p>
      {tournament.status === 'registration' && (
        <Link href={href} className={actionClass} aria-label={`S’inscrire : ${tournament.name}`}>
          S’inscrire
        </Link>
      )}
      {tournament.status === 'running' && (
        <Link href={href} className={actionClass} aria-label={`Suivre : ${tournament.name}`}>
          Suivre les matchs
        </Link>
      )}
      <Link href={pathFor('tournamentScreen', { id: tournament._id })} className={secondaryClass} aria-label={`Grand écran : ${tournament.name}`}>
        Grand écran
      </Link>
    </li>
  );
}

/** The podium so far, from the final ranks of the championship's tournaments (core's rule). */
function ChampionshipCard({ eventId, championship, tournaments }: { eventId: string; championship: Championship; tournaments: Tournament[] }) {
  const legs = tournaments.filter((t) => championship.tournamentIds.includes(t._id));
  const podium = championshipStandings(championship.scoring, legs).slice(0, 3);
  const played = legs.filter((t) => t.status === 'finished').length;
  return (
    <li className={cardClass}>
      <CardTitle href={pathFor('championship', { id: eventId, championshipId: championship._id })}>{championship.name}</CardTitle>
      <p className="mt-1 text-sm text-muted">
        {played} manche{played > 1 ? 's' : ''} jouée{played > 1 ? 's' : ''} sur {championship.tournamentIds.length}
      </p>
      {podium.length > 0 ? (
        <ol className="mt-2 space-y-0.5 text-sm" aria-label={`Classement : ${championship.name}`}>
          {podium.map((row, index) => (
            <li key={row.participant}>
              {index + 1}. {row.participant} — {row.points} pt{row.points > 1 ? 's' : ''}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm">Le classement commence avec la première manche terminée.</p>
      )}
    </li>
  );
}

function BlindTestCard({ test }: { test: BlindTest }) {
  const href = pathFor('blindTest', { id: test._id });
  // Only a game being played has a code (the server keeps it on the record meanwhile).
  const code = test.status === 'live' ? test.joinCode : undefined;
  return (
    <li className={cardClass}>
      <CardTitle href={href}>{test.title}</CardTitle>
      <p className="mt-1 text-sm">{test.status === 'live' ? 'En cours' : 'Terminé'}</p>
      {code && (
        <>
          <p className="mt-1 text-sm">
            Code pour rejoindre : <strong className="font-mono text-base tracking-widest">{code}</strong>
          </p>
          <Link href={`${href}?code=${code}`} className={actionClass} aria-label={`Rejoindre : ${test.title}`}>
            Rejoindre la partie
          </Link>
        </>
      )}
    </li>
  );
}

const WINDOW_TEXT: Record<WindowCode, string> = { not_open: 'Bientôt ouvert', open: 'Ouvert', full: 'Complet', closed: 'Clos' };

function RaffleCard({ raffle, window }: { raffle: Raffle; window: WindowCode }) {
  const href = pathFor('raffle', { id: raffle._id });
  const drawn = raffle.status === 'drawn' || Boolean(raffle.draw?.seed && raffle.draw.winners?.length);
  return (
    <li className={cardClass}>
      <CardTitle href={href}>{raffle.title}</CardTitle>
      <p className="mt-1 text-sm">
        {drawn ? 'Tirage effectué' : window === 'open' ? `Ouverte jusqu’au ${formatDateTime(raffle.closesAt)}` : window === 'not_open' ? `Ouvre le ${formatDateTime(raffle.opensAt)}` : 'Participations closes'}
      </p>
      {window === 'open' && (
        <Link href={href} className={actionClass} aria-label={`Participer : ${raffle.title}`}>
          Participer
        </Link>
      )}
      {drawn && (
        <Link href={href} className={actionClass} aria-label={`Voir les gagnants : ${raffle.title}`}>
          Voir les gagnants
        </Link>
      )}
    </li>
  );
}

function FormCard({ form, window }: { form: Form; window: WindowCode }) {
  const href = pathFor('form', { id: form._id });
  return (
    <li className={cardClass}>
      <CardTitle href={href}>{form.title}</CardTitle>
      <p className="mt-1 text-sm">{window === 'open' && form.closesAt ? `Ouvert jusqu’au ${formatDateTime(form.closesAt)}` : WINDOW_TEXT[window]}</p>
      {window === 'open' && (
        <Link href={href} className={actionClass} aria-label={`Remplir : ${form.title}`}>
          Remplir
        </Link>
      )}
    </li>
  );
}
