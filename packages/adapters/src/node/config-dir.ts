import { homedir } from 'node:os';
import { join } from 'node:path';

/** $SORTIE_CONFIG_DIR, else $XDG_CONFIG_HOME/sortie, else ~/.config/sortie. */
export function resolveConfigDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (env.SORTIE_CONFIG_DIR) return env.SORTIE_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'sortie');
  return join(home, '.config', 'sortie');
}
