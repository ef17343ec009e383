import { statusOf, type IntegrationVariable } from '@sortie/core';
import { apiErrorMessage } from '../../../data/api-error-message';

/** An integration's refusal (502: the service said no; 503: not configured) carries the server's French reason: shown as is. */
export function integrationErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if ((status === 502 || status === 503) && error instanceof Error && error.message) return error.message;
  return apiErrorMessage(error);
}

/** The environment variables an integration reads: name, what it is, set or not (never a value). */
export function IntegrationVariables({ variables, title = 'Variables d’environnement' }: { variables: readonly IntegrationVariable[]; title?: string }) {
  return (
    <section aria-labelledby="variables-title" className="space-y-2 rounded-xl bg-surface/50 p-4 ring-1 ring-line">
      <h2 id="variables-title" className="font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted">À définir dans l’environnement du serveur (jamais dans le navigateur), puis redémarrer le serveur.</p>
      <ul className="space-y-2">
        {variables.map((variable) => (
          <li key={variable.name} className="text-sm">
            <code className="font-mono font-semibold">{variable.name}</code> — {variable.set ? 'définie' : 'absente'}
            <br />
            <span className="text-muted">{variable.help}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
