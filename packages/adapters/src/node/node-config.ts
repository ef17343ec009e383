import { HttpUrlSchema, ValidationError } from '@sortie/core';
import { resolveConfigDir } from './config-dir';

export const DEFAULT_API_URL = 'http://localhost:3000';

export interface NodeConfig {
  /** The product API's origin, without a trailing slash. */
  apiUrl: string;
  /** Where the session file lives. */
  configDir: string;
  /** Only errors on stderr. */
  quiet: boolean;
  /** Debug lines on stderr. */
  verbose: boolean;
  /** The CLI's version, for the User-Agent. */
  version: string;
}

export interface NodeFlags {
  api?: string;
  configDir?: string;
  quiet?: boolean;
  verbose?: boolean;
}

/** The CLI's configuration: a flag wins over the environment, which wins over the default. */
export function loadNodeConfig(flags: NodeFlags = {}, env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): NodeConfig {
  const raw = flags.api ?? env.SORTIE_API_URL ?? DEFAULT_API_URL;
  const parsed = HttpUrlSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ValidationError(`Adresse de l’API invalide : « ${raw} ». Exemple : ${DEFAULT_API_URL}`, [{ path: 'api', message: parsed.error.issues[0]?.message ?? 'Adresse invalide.' }]);
  }
  return {
    apiUrl: parsed.data.replace(/\/+$/, ''),
    configDir: flags.configDir ?? resolveConfigDir(env),
    quiet: flags.quiet ?? env.SORTIE_QUIET === '1',
    verbose: flags.verbose ?? env.SORTIE_DEBUG === '1',
    version,
  };
}
