import { useState } from 'react';
import { ProductApiPort, type Raffle } from '@sortie/core';
import { useUseCase } from '../../../app/container-context';
import { apiErrorMessage } from '../../../data/api-error-message';
import { formatDateTime } from '../../../format';
import { SECONDARY_BUTTON_CLASS } from '../ui';
import { checkDraw, type DrawCheck, type RaffleProof } from './raffle-proof';

type Draw = NonNullable<Raffle['draw']>;

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <div className="mt-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-mono text-sm break-all">{value}</dd>
    </div>
  );
}

/** The draw's proof: the hash published before, the seed after, and a check made in this browser. */
export function DrawProof({ raffleId, draw }: { raffleId: string; draw: Draw }) {
  const api = useUseCase(ProductApiPort);
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const verify = async () => {
    if (!draw.seed) return;
    setChecking(true);
    setFailure(null);
    try {
      // Without the entry list the hash can still be checked: the proof only adds the re-draw.
      const proof = await api.request<RaffleProof>('GET', `/raffles/${raffleId}/proof`).catch(() => null);
      setCheck(await checkDraw(draw.seedHash, draw.seed, draw.winners, proof));
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
      {!draw.seed ? (
        <>
          <p className="mt-2 text-sm text-muted">
            Avant le tirage, nous publions l’empreinte SHA-256 d’une graine secrète tirée au hasard. Après le tirage, la graine est révélée : chacun peut vérifier qu’elle correspond à cette empreinte et
            refaire le tirage.
          </p>
          <dl>
            <Hash label="Empreinte publiée (SHA-256 de la graine)" value={draw.seedHash} />
          </dl>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            Les participations sont classées selon HMAC-SHA256(graine, identifiant de participation) ; les lots sont attribués dans cet ordre. La graine, tenue secrète jusqu’au tirage, doit avoir pour
            empreinte celle publiée avant.
          </p>
          <dl>
            <Hash label="Empreinte publiée avant le tirage (SHA-256)" value={draw.seedHash} />
            <Hash label="Graine révélée après le tirage" value={draw.seed} />
            {draw.drawnAt && (
              <div className="mt-2">
                <dt className="text-sm text-muted">Tirage effectué le</dt>
                <dd>{formatDateTime(draw.drawnAt)}</dd>
              </div>
            )}
          </dl>
          <button type="button" onClick={verify} disabled={checking} className={`${SECONDARY_BUTTON_CLASS} mt-4`}>
            {checking ? 'Vérification…' : 'Vérifier le tirage'}
          </button>
          <div aria-live="polite">
            {failure && <p role="alert" className="mt-3 text-sm text-error">{failure}</p>}
            {check && (
              <ul className="mt-4 space-y-2 text-sm">
                <li className={check.hashMatches ? 'text-success' : 'text-error'}>
                  {check.hashMatches ? '✓ La graine correspond à l’empreinte publiée avant le tirage.' : '✗ La graine NE correspond PAS à l’empreinte publiée.'}
                  <span className="block font-mono break-all text-muted">SHA-256 calculé ici : {check.computedHash}</span>
                </li>
                {check.winnersMatch === null ? (
                  <li className="text-muted">La liste des participations n’est pas disponible : seul l’accord de la graine a pu être vérifié.</li>
                ) : (
                  <li className={check.winnersMatch ? 'text-success' : 'text-error'}>
                    {check.winnersMatch ? '✓ Le tirage refait dans votre navigateur donne les mêmes gagnants.' : '✗ Le tirage refait donne d’autres gagnants que ceux publiés.'}
                  </li>
                )}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
