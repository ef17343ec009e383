import { useState } from 'react';
import { ClockPort, plural, RaffleSchema, raffleWindow } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useRaffleEntries, useRaffleProof, useRaffleWrites } from '../../data/raffles';
import { QueryView } from '../../data/QueryView';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDateTime } from '../../format';
import { ConfirmDialog } from './ConfirmDialog';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';

const primary = 'rounded-lg bg-primary px-4 py-2 text-sm font-semibold text-background disabled:opacity-50 focus-visible:outline-2';

/** What the panel reads of the record, through core's schema (a record being edited may be incomplete). */
const RaffleState = RaffleSchema.pick({ status: true, opensAt: true, closesAt: true, draw: true });

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <p className="text-sm">
      {label} : <span className="font-mono break-all">{value}</span>
    </p>
  );
}

/**
 * A verifiable draw in two separate actions, never one click: publish the seed's hash (before
 * entries open; the first entry does it otherwise), then, after the close and when staff ask,
 * draw. Between the two, the hashes are shown for staff to note.
 */
export function RafflePanel({ record, onChanged }: { record: DashboardRecord; onChanged: () => void }) {
  const raffles = useRaffleWrites();
  const clock = useUseCase(ClockPort);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const entries = useRaffleEntries(record._id);
  const parsed = RaffleState.safeParse(record);
  const state = parsed.success ? parsed.data : null;
  const draw = state?.draw ?? null;
  const window = state ? raffleWindow(state, clock.now().getTime()) : null;
  // After the close the server freezes the entry list and publishes its hash with the proof.
  const proof = useRaffleProof(record._id, draw?.seed, Boolean(draw) && window === 'closed');
  const entriesHash = proof.data?.entriesHash ?? draw?.entriesHash ?? null;

  async function act(action: 'commit' | 'draw') {
    setBusy(true);
    setError(null);
    try {
      await (action === 'commit' ? raffles.commit(record._id) : raffles.draw(record._id));
      onChanged();
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setConfirming(false);
      setBusy(false);
    }
  }

  return (
    <section className={PANEL_CLASS} aria-labelledby="draw-title">
      <h2 id="draw-title" className="text-lg font-semibold">
        Tirage au sort
      </h2>
      <QueryView query={entries}>{(page) => <p className="text-sm">{plural(page.meta.total, 'participation')}.</p>}</QueryView>
      {draw?.drawnAt ? (
        <div className="space-y-2 text-sm">
          <p>Tirage effectué le {formatDateTime(draw.drawnAt)}.</p>
          {draw.winners.length ? (
            <ol className="list-decimal pl-5">
              {draw.winners.map((w, i) => (
                <li key={i}>
                  {w.name} — {w.prize}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-muted">Aucun gagnant (aucune participation).</p>
          )}
          <Hash label="Empreinte de la graine" value={draw.seedHash} />
          {draw.entriesHash && <Hash label="Empreinte de la liste des participations" value={draw.entriesHash} />}
          <Hash label="Graine révélée" value={draw.seed ?? ''} />
        </div>
      ) : draw ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">Notez ces empreintes : elles sont publiques et permettront à chacun de vérifier le tirage.</p>
          <Hash label={`Empreinte de la graine${draw.committedAt ? `, publiée le ${formatDateTime(draw.committedAt)}` : ''}`} value={draw.seedHash} />
          {entriesHash ? <Hash label="Empreinte de la liste des participations, figée à la clôture" value={entriesHash} /> : <p className="text-sm text-muted">L’empreinte de la liste des participations sera publiée à la clôture.</p>}
          {window === 'closed' ? (
            <button type="button" className={primary} onClick={() => setConfirming(true)}>
              Lancer le tirage
            </button>
          ) : (
            <p className="text-sm">Le tirage sera possible après la clôture des participations{state ? `, le ${formatDateTime(state.closesAt)}` : ''}.</p>
          )}
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-muted">Avant l’ouverture des participations, publiez l’empreinte d’une graine secrète ; sinon elle sera publiée à la première participation. Le tirage se fera après la clôture, dans un second temps.</p>
          <button type="button" className={PANEL_BUTTON_CLASS} disabled={busy || window === 'closed'} onClick={() => void act('commit')}>
            Publier l’empreinte du tirage
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <ConfirmDialog open={confirming} title="Lancer le tirage ?" confirmLabel="Tirer au sort" busy={busy} onClose={() => setConfirming(false)} onConfirm={() => void act('draw')}>
        Les gagnants seront tirés au sort parmi les participations et le résultat sera définitif.
      </ConfirmDialog>
    </section>
  );
}
