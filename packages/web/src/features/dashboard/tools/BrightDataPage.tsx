import { useState } from 'react';
import { Link } from 'wouter';
import type { BrightDataTest } from '@sortie/core';
import { useBrightDataStatus, useDashboardWrites } from '../../../data/dashboard';
import { QueryView } from '../../../data/QueryView';
import { PANEL_BUTTON_CLASS, PANEL_CLASS } from '../panel-styles';
import { IntegrationVariables, integrationErrorMessage } from './IntegrationVariables';
import { IntegrationFrame, UnavailableNotice } from './IntegrationFrame';

function ConnectionTest({ testUrl }: { testUrl: string }) {
  const dashboard = useDashboardWrites();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BrightDataTest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function test() {
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await dashboard.brightDataTest());
    } catch (error) {
      setFailure(integrationErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="test-title" className={PANEL_CLASS}>
      <h2 id="test-title" className="font-semibold">
        Tester la connexion
      </h2>
      <p className="text-sm text-muted">
        Lit <code>{testUrl}</code> au travers de Bright Data et donne le statut et la durée.
      </p>
      <button type="button" className={PANEL_BUTTON_CLASS} disabled={busy} onClick={() => void test()}>
        {busy ? 'Test en cours…' : 'Tester la connexion'}
      </button>
      {result && (
        <p role="status" className={result.ok ? 'text-sm' : 'text-sm text-error'}>
          {result.ok ? 'Réussi' : 'Échec'} — statut {result.status ?? 'aucun'}, {result.durationMs} ms. {result.message}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
    </section>
  );
}

/** /dashboard/brightdata: whether Bright Data is configured, which collectors use it, and « Tester la connexion ». */
export default function BrightDataPage() {
  const status = useBrightDataStatus();
  return (
    <IntegrationFrame
      title="Bright Data"
      lead="Lire les sources des collecteurs qui bloquent les robots, au travers du Web Unlocker de Bright Data."
      purpose="certains sites refusent les requêtes des robots. Un collecteur réglé sur « Bright Data (Web Unlocker) » dans son champ « Lecture de la source » lit alors sa page par Bright Data au lieu d’une requête directe."
    >
      <QueryView query={status}>
        {(data) => (
          <>
            {data.configured ? (
              <p role="note" className="rounded-xl bg-surface/60 p-4 text-sm">
                Bright Data est configuré (zone « {data.zone} »).
              </p>
            ) : (
              <UnavailableNotice>
                Bright Data n’est pas configuré sur ce serveur : les collecteurs réglés sur Bright Data échouent avec ce motif. Définissez les variables ci-dessous pour l’activer.
              </UnavailableNotice>
            )}
            {data.configured && <ConnectionTest testUrl={data.testUrl} />}
            <section aria-labelledby="collectors-title" className={PANEL_CLASS}>
              <h2 id="collectors-title" className="font-semibold">
                Collecteurs qui lisent par Bright Data
              </h2>
              {data.collectors.length ? (
                <ul className="list-disc pl-5 text-sm">
                  {data.collectors.map((collector) => (
                    <li key={collector.id}>
                      <Link href={`/dashboard/collectors/${collector.id}`} className="underline">
                        {collector.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">Aucun : tous les collecteurs lisent leur source directement.</p>
              )}
            </section>
            <IntegrationVariables variables={data.variables} />
          </>
        )}
      </QueryView>
    </IntegrationFrame>
  );
}
