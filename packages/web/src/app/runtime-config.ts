import { RuntimeConfigSchema, type RuntimeConfig } from '@sortie/core';

export const RUNTIME_CONFIG_PATH = '/api/config';

/** GET /api/config, checked against core's schema: the app cannot start on a config it does not understand. */
export async function loadRuntimeConfig(fetcher: typeof fetch): Promise<RuntimeConfig> {
  const response = await fetcher(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  return RuntimeConfigSchema.parse(await response.json());
}
