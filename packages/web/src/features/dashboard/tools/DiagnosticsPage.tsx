import { useState } from 'react';
import { DIAGNOSTIC_OUTCOME_LABELS, type DiagnosticCheck, type DiagnosticResult } from '@sortie/core';
import { useDashboardWrites, useDiagnostics } from '../../../data/dashboard';
import { QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { PANEL_BUTTON_CLASS } from '../panel-styles';
import { useIsAdmin } from '../use-is-admin';
import { IntegrationFrame, UnavailableNotice } from './IntegrationFrame';

const OUTCOME_CLASS = { ok: 'text-success', unconfigured: 'text-muted', error: 'text-error' } as const;

function Checks({ checks }: { checks: ReadonlyArray<{ check: DiagnosticCheck; label: string; help: string }> }) {
  const dashboard = useDashboardWrites();
  const [results, setResults] = useState<Partial<Record<DiagnosticCheck, DiagnosticResult | { failure: string }>>>({});
  const [running, setRunning] = useState<Set<DiagnosticCheck>>(new Set());
  async function run(check: DiagnosticCheck) {
    setRunning((current) => new Set(current).add(check));
    try {
      const result = await dashboard.runDiagnostic(check);
      setResults((current) => ({ ...current, [check]: result }));
    } catch (error) {
      setResults((current) => ({ ...current, [check]: { failure: apiErrorMessage(error) } }));
    } finally {
      setRunning((current) => {
        const next = new Set(current);
        next.delete(check);
        return next;
      });
    }
  }
  return (
    <>
      <button type="button" className={PANEL_BUTTON_CLASS} onClick={() => void Promise.all(checks.map((c) => run(c.check)))}>
        Tout vérifier
      </button>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Vérifications</caption>
        <thead>
          <tr>
            <th scope="col">Vérification</th>
            <th scope="col">Résultat</th>
            <th scope="col">Durée</th>
            <th scope="col">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {checks.map(({ check, label, help }) => {
            const result = results[check];
            return (
              <tr key={check} className="border-t border-line align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {label}
                  <span className="block text-xs font-normal text-muted">{help}</span>
                </th>
                <td className="py-2 pr-3" aria-live="polite">
                  {running.has(check) ? (
                    'En cours…'
                  ) : !result ? (
                    <span className="text-muted">Pas encore lancée</span>
                  ) : 'failure' in result ? (
                    <span className="text-error">Erreur : {result.failure}</span>
                  ) : (
                    <>
                      <strong className={OUTCOME_CLASS[result.outcome]}>{DIAGNOSTIC_OUTCOME_LABELS[result.outcome]}</strong> — {result.message}
                      {result.devices?.length ? (
                        <ul className="mt-1 list-disc pl-5 text-xs" aria-label="Réponse du service de notifications, par appareil">
                          {result.devices.map((device, index) => (
                            <li key={index}>
                              {device.device} ({device.service}) :{' '}
                              <span className={device.status === 'sent' ? 'text-accent' : device.status === 'failed' ? 'text-error' : undefined}>
                                {device.status === 'sent' ? 'reçue' : device.status === 'failed' ? 'refusée' : 'nouvel essai prévu'}
                                {device.statusCode ? ` (${device.statusCode})` : ''}
                              </span>
                              {device.answer ? ` — ${device.answer}` : ''}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </>
                  )}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">{result && !('failure' in result) ? `${result.durationMs} ms` : ''}</td>
                <td className="py-2">
                  {check === 'push' ? (
                    <button type="button" className={PANEL_BUTTON_CLASS} disabled={running.has(check)} onClick={() => void run(check)}>
                      Envoyer une notification de test
                    </button>
                  ) : (
                    <button type="button" className={PANEL_BUTTON_CLASS} disabled={running.has(check)} onClick={() => void run(check)} aria-label={`Lancer : ${label}`}>
                      Lancer
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function AdminChecks() {
  const list = useDiagnostics();
  return <QueryView query={list}>{({ checks }) => <Checks checks={checks} />}</QueryView>;
}

/** /dashboard/test: the admins' diagnostics — push, e-mail, socket, database, jobs, music and each integration, each with its result and duration. */
export default function DiagnosticsPage() {
  const isAdmin = useIsAdmin();
  return (
    <IntegrationFrame
      wide
      title="Test"
      lead="Vérifier que le serveur et ses intégrations marchent, une vérification à la fois."
      purpose="m’envoyer une notification, un e-mail, un ping en temps réel ; vérifier la base de données, les tâches planifiées, le fournisseur de musique, Stripe, Instagram et Bright Data. Chaque vérification donne son résultat et sa durée."
    >
      {isAdmin ? <AdminChecks /> : <UnavailableNotice>Réservé aux administrateurs.</UnavailableNotice>}
    </IntegrationFrame>
  );
}
