import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { mdiGift, mdiScaleBalance } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { ClockPort, legalBasisText, RAFFLE_ENTRY_POLICY_LABELS, RAFFLE_STATUS_LABELS, raffleEntryPolicyOf, raffleStatusAt, raffleWindow, SessionService, type MyRaffleEntry, type Raffle } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { apiErrorMessage } from '../data/api-error-message';
import { useMyRaffleEntry, useRaffle, useRaffleWrites } from '../data/raffles';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { DrawGuarantees, DrawProof } from '../features/raffles/DrawProof';
import { RaffleEntryForm } from '../features/raffles/RaffleEntryForm';
import { BUTTON_CLASS, LINK_CLASS, Notice, PageFrame, DetailQuery } from '../components/ui';
import { formatDateTime, formatNumber } from '../format';
import type { PageProps } from './types';

/**
 * /raffles/{id}: prizes, rules, dates, legal basis and who may enter; entering; once drawn, the
 * winners and the proof. With `?confirmation=` (the link mailed to an entry to confirm), the
 * confirmation in place of the entry form.
 */
export default function RafflePage({ params }: PageProps) {
  const id = params['id']!;
  const query = useRaffle(id);
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
  const policy = raffleEntryPolicyOf(raffle);
  const confirmation = new URLSearchParams(useSearch()).get('confirmation');
  // Our own entry counts at once, without loading the raffle again.
  const [ownEntry, setOwnEntry] = useState(0);
  // A signed-in visitor's entry, as the server knows it: after a reload the page still says they take part.
  const { user } = useSnapshot(useUseCase(SessionService).state);
  const mine = useMyRaffleEntry(raffle._id, user ? user._id : null);
  const myEntry = mine.status === 'success' ? mine.data.entry : null;
  return (
    <PageFrame title={raffle.title} lead={<p>{RAFFLE_STATUS_LABELS[raffleStatusAt(raffle, now.getTime())]}</p>}>
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
        <div>
          <dt className="text-sm text-muted">Qui peut participer</dt>
          <dd>{RAFFLE_ENTRY_POLICY_LABELS[policy]}</dd>
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

      {myEntry && ownEntry === 0 && <MyEntry entry={myEntry} prizes={drawn ? (draw?.winners ?? []).filter((w) => w.entryId === myEntry._id).map((w) => w.prize) : null} />}

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
      ) : confirmation ? (
        <EntryConfirmation raffleId={raffle._id} token={confirmation} onConfirmed={() => setOwnEntry(1)} />
      ) : window === 'open' && (!myEntry || ownEntry > 0) ? (
        <RaffleEntryForm raffleId={raffle._id} policy={policy} onEntered={() => setOwnEntry(1)} />
      ) : myEntry && window === 'open' ? null : (
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

/** The visitor's own entry: counted or waiting for its link, and once drawn, whether it won. */
function MyEntry({ entry, prizes }: { entry: NonNullable<MyRaffleEntry['entry']>; prizes: string[] | null }) {
  return (
    <Notice tone="success" role="status">
      <p className="font-semibold">{entry.confirmed ? 'Vous participez à cette tombola.' : 'Vous participez : confirmez votre participation.'}</p>
      {entry.confirmed ? (
        <p className="mt-1 text-sm">
          Votre numéro de participation : <span className="font-mono break-all">{entry._id}</span>.
        </p>
      ) : (
        <p className="mt-1 text-sm">Ouvrez le lien de confirmation reçu par e-mail avant la clôture : votre participation ne compte qu’une fois confirmée.</p>
      )}
      {prizes !== null && entry.confirmed && <p className="mt-1 text-sm">{prizes.length ? `Vous avez gagné : ${prizes.join(', ')}. Bravo !` : 'Vous n’avez pas été tiré au sort cette fois-ci.'}</p>}
    </Notice>
  );
}

/** The page of the link mailed to an entry: one click (not the link's mere opening, which a mail scanner may do) makes it count. */
function EntryConfirmation({ raffleId, token, onConfirmed }: { raffleId: string; token: string; onConfirmed: () => void }) {
  const raffles = useRaffleWrites();
  const [sending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    try {
      const entry = await raffles.confirmEntry(raffleId, token);
      setConfirmed(entry._id);
      onConfirmed();
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (confirmed !== null)
    return (
      <Notice tone="success" role="status">
        <p className="font-semibold">Votre participation est confirmée. Bonne chance !</p>
        <p className="mt-1 text-sm">
          Votre numéro de participation : <span className="font-mono break-all">{confirmed}</span>. Notez-le : vous le retrouverez dans la liste publiée à la clôture.
        </p>
      </Notice>
    );

  return (
    <section aria-labelledby="confirmation" className="mt-4 space-y-3 rounded-2xl bg-surface/60 p-4 ring-1 ring-line sm:p-6">
      <h2 id="confirmation" className="text-xl font-bold">
        Confirmer votre participation
      </h2>
      <p>Votre participation ne compte qu’une fois confirmée : un clic suffit.</p>
      {failure && (
        <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          <p>{failure}</p>
          <p className="mt-1">
            <Link href={`/raffles/${raffleId}`} className={LINK_CLASS}>
              Revenir à la tombola
            </Link>
          </p>
        </div>
      )}
      <button type="button" className={BUTTON_CLASS} disabled={sending} onClick={() => void confirm()}>
        {sending ? 'Confirmation…' : 'Confirmer ma participation'}
      </button>
    </section>
  );
}
