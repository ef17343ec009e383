import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Set to true by scripts/build.mjs in the bundle (dist/*.mjs); absent under tsx and vitest. */
declare const SORTIE_BUNDLED: boolean | undefined;
const bundled = typeof SORTIE_BUNDLED === 'boolean' && SORTIE_BUNDLED;

/**
 * The files the server reads at run time, found from where its code runs: the sources
 * (packages/server/src/, under tsx or vitest) or the bundle (packages/server/dist/, under node).
 * Both sit one level below the package, so its own files are `../…` from either; only what the
 * build copies beside the bundle differs.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web package's folder: the copy beside the bundle (dist/web, which a production install of
 * the server carries), else the workspace's packages/web.
 */
const webRoot = bundled && existsSync(here('./web/dist/index.html')) ? here('./web/') : here('../../web/');

/**
 * The checkout's root when the server runs from one (its sources, or the bundle built beside
 * them), else null (a production install of the package alone). A checkout keeps its data in
 * one `.data/` at its root, whichever folder a command runs from.
 */
const workspaceRoot = existsSync(here('../../../pnpm-workspace.yaml')) ? here('../../../') : null;

export const SERVER_PATHS = {
  /** The SQL migrations (drizzle/), applied at every start. */
  migrations: here('../drizzle'),
  /** The documentation's Markdown files (docs/), served at /docs. */
  docs: here('../docs'),
  /** The server package's package.json (its version). */
  packageJson: here('../package.json'),
  /** The embedded database's child process: plain JavaScript, started with node alone. */
  pgliteProcess: here(bundled ? './pglite-process.mjs' : './db/embedded/pglite-process.mjs'),
  /** The web package's folder: its build in dist/ (and any other build folder it makes). */
  webRoot,
  webDist: `${webRoot}dist`,
  workspaceRoot,
  bundled,
} as const;
