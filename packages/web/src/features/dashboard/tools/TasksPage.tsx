import { useState } from 'react';
import type { JobRun, Page } from '@sortie/core';
import { useDashboardWrites, useTaskRuns, useTasks } from '../../../data/dashboard';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { formatDateTime } from '../../../format';
import { optionLabel } from '../SchemaForm';
import { ToolHeading } from './ToolHeading';

type Task = { _id: string; name: string; schedule: string; status: string; lastRunAt: string | null; lastError: string | null };

const COUNT_LABELS: Record<string, string> = { reminders: 'rappels', followers: 'avis aux abonnés', raffleDraws: 'avis de tirage', pushed: 'envoyées', mailed: 'e-mails' };
const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, n]) => `${n} ${COUNT_LABELS[name] ?? name}`)
    .join(' · ') || 'rien à faire';

/** The latest runs of one task: start, end, outcome, error, counts. */
function TaskRuns({ task, version }: { task: Task; version: number }) {
  const runs = useTaskRuns(task._id, version);
  return (
    <QueryView query={runs}>
      {({ items }: { items: JobRun[] }) =>
        items.length === 0 ? (
          <p className="text-sm text-muted">Aucun passage enregistré.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Historique : {task.name}</caption>
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="py-1 pr-3">Début</th>
                <th scope="col" className="py-1 pr-3">Fin</th>
                <th scope="col" className="py-1 pr-3">Résultat</th>
                <th scope="col" className="py-1">Détail</th>
              </tr>
            </thead>
            <tbody>
              {items.map((run) => (
                <tr key={run.id} className="border-t border-line align-top">
                  <td className="py-1 pr-3">{formatDateTime(run.startedAt)}{run.trigger === 'manual' ? ' (manuel)' : ''}</td>
                  <td className="py-1 pr-3">{run.finishedAt ? formatDateTime(run.finishedAt) : 'en cours'}</td>
                  <td className={`py-1 pr-3 font-semibold ${run.outcome === 'error' ? 'text-error' : 'text-accent'}`}>{run.outcome === 'error' ? 'Échec' : run.outcome === 'ok' ? 'Réussi' : 'En cours'}</td>
                  <td className="py-1">{run.error ?? countsText(run.counts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </QueryView>
  );
}

/** The scheduled jobs: status, last run, a button to run one now, and each one's run history. */
export default function TasksPage() {
  const dashboard = useDashboardWrites();
  const [version, setVersion] = useState(0);
  const [running, setRunning] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const tasks = useTasks<Task>(version);

  async function runNow(task: Task) {
    setRunning(task._id);
    setMessage(null);
    try {
      const done = (await dashboard.runTask(task._id)) as Partial<Task>;
      setMessage(done.lastError ? { ok: false, text: `« ${task.name} » a échoué : ${done.lastError}` } : { ok: true, text: `« ${task.name} » a été lancée.` });
      setOpen(task._id);
      setVersion((v) => v + 1);
    } catch (e) {
      setMessage({ ok: false, text: apiErrorMessage(e) });
    } finally {
      setRunning(null);
    }
  }

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <ToolHeading title="Tâches">Les tâches planifiées du serveur (collectes, rappels…).</ToolHeading>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-accent' : 'text-error'}`}>
          {message.text}
        </p>
      )}
      <QueryView query={tasks}>
        {(page: Page<Task>) =>
          page.items.length === 0 ? (
            <EmptyState>Aucune tâche planifiée.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {page.items.map((task) => (
                <li key={task._id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold">{task.name}</h2>
                    <p className="text-sm text-muted">
                      {optionLabel(task.status)} · planification {task.schedule} · dernier passage : {task.lastRunAt ? formatDateTime(task.lastRunAt) : 'jamais'}
                    </p>
                    {task.lastError && <p className="text-sm text-error">Dernière erreur : {task.lastError}</p>}
                  </div>
                  <button type="button" disabled={running !== null} onClick={() => void runNow(task)} aria-label={`Lancer maintenant : ${task.name}`} className="rounded-lg bg-primary px-3 py-1.5 text-sm font-semibold text-background disabled:opacity-60 focus-visible:outline-2">
                    {running === task._id ? 'Lancement…' : 'Lancer maintenant'}
                  </button>
                  <div className="w-full">
                    <button type="button" aria-expanded={open === task._id} onClick={() => setOpen(open === task._id ? null : task._id)} className="text-sm text-primary underline">
                      {open === task._id ? 'Masquer l’historique' : 'Voir l’historique'}
                    </button>
                    {open === task._id && (
                      <div className="mt-2 overflow-x-auto">
                        <TaskRuns task={task} version={version} />
                      </div>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
