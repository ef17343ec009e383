import { useState } from 'react';
import { mdiGift, mdiScaleBalance } from '@mdi/js';
import { ClockPort, legalBasisText, RAFFLE_STATUS_LABELS, raffleWindow, type Raffle } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useApiQuery } from '../data/useApiQuery';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { DrawGuarantees, DrawProof } from '../features/raffles/DrawProof';
import { RaffleEntryForm } from '../features/raffles/RaffleEntryForm';
import { Notice, PageFrame, DetailQuery } from '../components/ui';
import { formatDateTime, formatNumber } from '../format';
import type { PageProps } from './types';

/** /raffles/{id}: prizes, rules, dates and legal basis; entering; once drawn, the winners and the proof. */
export default function RafflePage({ params }: PageProps) {
  const id = params['id']!;
  const query = useApiQuery(`raffle:${id}`, (api) => api.get<Raffle>('raffles', id));
  return (
    <DetailQuery query={query} title="Tombola" loading="Chargement de la tombola…">
      {(raffle) => <RaffleView raffle={raffle} />}
    </DetailQuery>
  );
}

function RaffleView({ raffle }: { raffle: Raffle }) {
  const clock = useUseCase(ClockPort);
  const now = clock.now();
  const legal = legalBasisText(raffle);
  const window = raffleWindow(raffle, now.getTime());
  const draw = raffle.draw;
  const drawn = Boolean(draw?.seed);
  // Our own entry counts at once, without loading the raffle again.
  const [ownEntry, setOwnEntry] = useState(0);
  return (
    <PageFrame title={raffle.title} lead={<p>{RAFFLE_STATUS_LABELS[raffle.status]}</p>}>
      {raffle.description && <Markdown source={raffle.description} className="mt-4" />}

      <dl className="mt-6 grid gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">Ouverture des participations</dt>
          <dd>{formatDateTime(raffle.opensAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Clôture des participations</dt>
          <dd>{formatDateTime(raffle.closesAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Participations</dt>
          <dd>{formatNumber((raffle.entryCount ?? 0) + ownEntry)}</dd>
        </div>
      </dl>

      <section aria-labelledby="lots" className="mt-8">
        <h2 id="lots" className="text-xl font-bold">
          Lots à gagner
        </h2>
        {raffle.prizes.length === 0 ? (
          <p className="mt-2 text-muted">Les lots seront annoncés prochainement.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {raffle.prizes.map((prize) => (
              <li key={prize.name} className="flex items-center gap-3 rounded-xl bg-surface px-4 py-3 ring-1 ring-line">
                <Icon path={mdiGift} className="shrink-0 text-accent" />
                <span>
                  {prize.name} <span className="text-muted">× {prize.quantity}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reglement" className="mt-8">
        <h2 id="reglement" className="text-xl font-bold">
          Règlement et cadre légal
        </h2>
        {legal && (
          <p className="mt-3 flex items-start gap-2 font-semibold">
            <Icon path={mdiScaleBalance} className="mt-0.5 shrink-0 text-accent" />
            {legal}
          </p>
        )}
        {raffle.rules ? <Markdown source={raffle.rules} className="mt-2 text-sm" /> : <p className="mt-2 text-sm text-muted">Le règlement complet est disponible auprès de l’organisateur.</p>}
      </section>

      {drawn && draw ? (
        <section aria-labelledby="gagnants" className="mt-8">
          <h2 id="gagnants" className="text-xl font-bold">
            Gagnants
          </h2>
          {draw.winners.length === 0 ? (
            <p className="mt-2 text-muted">Aucune participation : aucun lot n’a été attribué.</p>
          ) : (
            <ol className="mt-3 space-y-2">
              {draw.winners.map((winner) => (
                <li key={winner.entryId} className="rounded-xl bg-surface px-4 py-3 ring-1 ring-line">
                  <strong>{winner.name}</strong> <span className="text-muted">— {winner.prize}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : window === 'open' ? (
        <RaffleEntryForm raffleId={raffle._id} onEntered={() => setOwnEntry(1)} />
      ) : (
        <Notice role="status">
          {window === 'not_open'
            ? `Les participations ouvriront le ${formatDateTime(raffle.opensAt)}.`
            : 'Les participations sont closes. Les gagnants seront publiés ici après le tirage.'}
        </Notice>
      )}

      {draw && <DrawProof raffleId={raffle._id} draw={draw} closed={window === 'closed'} />}
      <DrawGuarantees />
    </PageFrame>
  );
}
