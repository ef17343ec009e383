import { useState } from 'react';
import { OPERATION_ROUTES, ProductApiPort, type Page } from '@sortie/core';
import { useUseCase } from '../../../services/container-context';
import { useApiQuery } from '../../../data/useApiQuery';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { formatDateTime } from '../../../format';
import { optionLabel } from '../SchemaForm';
import { ToolHeading } from './ToolHeading';

type Task = { _id: string; name: string; schedule: string; status: string; lastRunAt: string | null; lastError: string | null };

/** The scheduled jobs: status, last run, and a button to run one now. */
export default function TasksPage() {
  const api = useUseCase(ProductApiPort);
  const [version, setVersion] = useState(0);
  const [running, setRunning] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const tasks = useApiQuery(`tasks:${version}`, (a) => a.list<Task>('tasks', { limit: 100 }));

  async function runNow(task: Task) {
    setRunning(task._id);
    setMessage(null);
    try {
      await api.call(OPERATION_ROUTES.runTask, { path: { id: task._id } });
      setMessage({ ok: true, text: `« ${task.name} » a été lancée.` });
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
                  <div>
                    <h2 className="font-semibold">{task.name}</h2>
                    <p className="text-sm text-muted">
                      {optionLabel(task.status)} · planification {task.schedule} · dernier passage : {task.lastRunAt ? formatDateTime(task.lastRunAt) : 'jamais'}
                    </p>
                    {task.lastError && <p className="text-sm text-error">Dernière erreur : {task.lastError}</p>}
                  </div>
                  <button type="button" disabled={running !== null} onClick={() => void runNow(task)} aria-label={`Lancer maintenant : ${task.name}`} className="rounded-lg bg-primary px-3 py-1.5 text-sm font-semibold text-background disabled:opacity-60 focus-visible:outline-2">
                    {running === task._id ? 'Lancement…' : 'Lancer maintenant'}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
