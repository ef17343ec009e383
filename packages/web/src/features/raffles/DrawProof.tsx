import { useState } from 'react';
import type { DrawCheck, Raffle } from '@sortie/core';
import { useCheckedRaffleProof } from '../../data/raffles';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDateTime } from '../../format';
import { SECONDARY_BUTTON_CLASS } from '../../components/ui';

type Draw = NonNullable<Raffle['draw']>;

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <div className="mt-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-mono text-sm break-all">{value}</dd>
    </div>
  );
}

function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <li className={ok ? 'text-success' : 'text-error'}>{ok ? yes : no}</li>;
}

/** What a participant can check, and what they must still take on trust, in plain French. */
export function DrawGuarantees() {
  return (
    <section aria-labelledby="garanties" className="mt-8 rounded-2xl bg-surface/60 p-4 text-sm ring-1 ring-line sm:p-6">
      <h2 id="garanties" className="text-xl font-bold">
        Ce que vous pouvez vérifier
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Avant toute participation, l’organisateur publie l’empreinte d’une graine secrète. Après le tirage, la graine est révélée : vous pouvez vérifier qu’elle correspond à l’empreinte publiée avant la clôture, donc qu’elle n’a pas été choisie après coup.</li>
        <li>À la clôture, la liste des participations est figée et son empreinte publiée : vous pouvez vérifier que la liste utilisée pour le tirage est bien celle-là, sans participation ajoutée ni retirée ensuite, et que votre numéro de participation y figure.</li>
        <li>Les gagnants se déduisent de la graine et de la liste par une méthode publique : ce navigateur refait le tirage et compare.</li>
      </ul>
      <h3 className="mt-4 font-semibold">Ce qu’il faut encore croire</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Que l’organisateur n’a pas ajouté de fausses participations avant la clôture : il connaît la graine et pourrait savoir lesquelles gagneraient.</li>
        <li>Que la graine a vraiment été tirée au hasard.</li>
        <li>Que les lots sont bien remis aux gagnants.</li>
      </ul>
    </section>
  );
}

/** The draw's proof: the hashes published before, the seed after, and the draw redone in this browser with core's code. */
export function DrawProof({ raffleId, draw, closed }: { raffleId: string; draw: Draw; closed: boolean }) {
  // Before the close there is nothing to read beyond the seed's hash, already on the raffle.
  const needed = Boolean(draw.seed) || (closed && !draw.entriesHash);
  const proof = useCheckedRaffleProof(raffleId, draw.seed, needed);
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const entriesHash = proof.data?.entriesHash ?? draw.entriesHash;

  const verify = async () => {
    if (!proof.data) return;
    setChecking(true);
    setFailure(null);
    try {
      const { verifyProof } = await import('../../data/raffle-proof');
      setCheck(await verifyProof(proof.data));
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="preuve" className="mt-8 rounded-2xl bg-surface p-4 ring-1 ring-line sm:p-6">
      <h2 id="preuve" className="text-xl font-bold">
        Preuve du tirage
      </h2>
      <p className="mt-2 text-sm text-muted">
        Les participations sont classées selon HMAC-SHA256(graine, numéro de participation), dans l’ordre croissant ; les lots sont attribués dans cet ordre.
        {proof.data && ` Empreinte de la liste : ${proof.data.entriesHashMethod}`}
      </p>
      <dl>
        <Hash label="Empreinte de la graine, publiée avant les participations (SHA-256)" value={draw.seedHash} />
        {draw.committedAt && (
          <div className="mt-2">
            <dt className="text-sm text-muted">Publiée le</dt>
            <dd>{formatDateTime(draw.committedAt)}</dd>
          </div>
        )}
        {entriesHash && <Hash label="Empreinte de la liste des participations, publiée à la clôture (SHA-256)" value={entriesHash} />}
        {draw.seed && <Hash label="Graine révélée après le tirage" value={draw.seed} />}
        {draw.drawnAt && (
          <div className="mt-2">
            <dt className="text-sm text-muted">Tirage effectué le</dt>
            <dd>{formatDateTime(draw.drawnAt)}</dd>
          </div>
        )}
      </dl>
      {!entriesHash && <p className="mt-2 text-sm text-muted">L’empreinte de la liste des participations sera publiée à la clôture.</p>}
      {draw.seed && (
        <>
          <button type="button" onClick={() => void verify()} disabled={checking || !proof.data} className={`${SECONDARY_BUTTON_CLASS} mt-4`}>
            {checking ? 'Vérification…' : 'Vérifier le tirage'}
          </button>
          <div aria-live="polite">
            {proof.status === 'error' && <p role="alert" className="mt-3 text-sm text-error">{apiErrorMessage(proof.error)}</p>}
            {failure && <p role="alert" className="mt-3 text-sm text-error">{failure}</p>}
            {check && (
              <ul className="mt-4 space-y-2 text-sm">
                <Verdict ok={check.seedMatches} yes="✓ La graine correspond à l’empreinte publiée avant le tirage." no="✗ La graine NE correspond PAS à l’empreinte publiée." />
                <li className="font-mono break-all text-muted">SHA-256 de la graine calculé ici : {check.computedSeedHash}</li>
                <Verdict ok={check.entriesMatch} yes="✓ La liste des participations correspond à l’empreinte publiée à la clôture." no="✗ La liste des participations NE correspond PAS à l’empreinte publiée à la clôture." />
                <Verdict ok={check.winnersMatch} yes="✓ Le tirage refait dans votre navigateur donne les mêmes gagnants." no="✗ Le tirage refait donne d’autres gagnants que ceux publiés." />
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
