#!/usr/bin/env node
// Compiles the server for `node` alone (no tsx, no TypeScript at run time) into dist/:
//   dist/main.mjs            the server (src/main.ts)
//   dist/admin.mjs           sortie-admin: first admin, backups, restore (src/admin/main.ts)
//   dist/pglite-process.mjs  the embedded database's child process, copied as is
//   dist/reference/          Redoc's browser bundle, for /api/reference
//   dist/web/                the web package's build folders (dist/, and any dist-* it makes), copied
// The workspace packages (@sortie/core…) and whatever they import are bundled; the server's own
// npm dependencies stay external, so that `pnpm deploy --prod` installs them (sharp and PGlite
// carry native or WebAssembly files that a bundle cannot hold). The SQL migrations stay in
// drizzle/, one level up from dist/ as from src/ (see src/runtime-paths.ts).
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');
export const distDir = join(packageDir, 'dist');
const webDir = join(packageDir, '../web');

/** Bare imports the bundle leaves to node_modules: the server's dependencies and their subpaths. */
function externals() {
  const { dependencies = {} } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return Object.keys(dependencies).filter((name) => !name.startsWith('@sortie/'));
}

/**
 * `out`: another folder of the package than dist/ (a test's own build: it must sit one level below
 * the package, as dist/ does); `web: false` leaves the web app out of it.
 */
export async function build({ quiet = false, out = distDir, web: withWeb = true } = {}) {
  const { build: esbuild } = await import('esbuild');
  const external = externals();
  // Written into a fresh folder, then swapped in: a server started meanwhile sees a whole build.
  const next = `${out}.next`;
  rmSync(next, { recursive: true, force: true });
  await esbuild({
    absWorkingDir: packageDir,
    entryPoints: { main: 'src/main.ts', admin: 'src/admin/main.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: next,
    outExtension: { '.js': '.mjs' },
    // The root tsconfig: experimentalDecorators for inversify's decorators in @sortie/core.
    tsconfig: join(repoRoot, 'tsconfig.json'),
    external: [...external, ...external.map((name) => `${name}/*`)],
    define: { SORTIE_BUNDLED: 'true' },
    sourcemap: 'linked',
    keepNames: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    // Bundled CommonJS still calls require() for node built-ins.
    // A shebang: dist/main.mjs and dist/admin.mjs are the package's bins.
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __sortieRequire } from 'node:module'; const require = __sortieRequire(import.meta.url);" },
  });
  for (const bin of ['main.mjs', 'admin.mjs']) chmodSync(join(next, bin), 0o755);
  cpSync(join(packageDir, 'src/db/embedded/pglite-process.mjs'), join(next, 'pglite-process.mjs'));
  // Redoc's browser bundle for /api/reference (and its licence): a devDependency, so that a
  // production install carries this one file of it (src/routes/reference.routes.ts looks here first).
  const redoc = dirname(createRequire(join(packageDir, 'package.json')).resolve('redoc/bundles/redoc.standalone.js'));
  mkdirSync(join(next, 'reference'), { recursive: true });
  for (const file of ['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt']) cpSync(join(redoc, file), join(next, 'reference', file));
  let web = false;
  if (withWeb && existsSync(join(webDir, 'dist/index.html'))) {
    for (const name of readdirSync(webDir)) {
      if (name === 'dist' || name.startsWith('dist-')) cpSync(join(webDir, name), join(next, 'web', name), { recursive: true });
    }
    web = true;
  }
  writeFileSync(join(next, 'build.json'), JSON.stringify({ builtAt: new Date().toISOString(), web }, null, 2));
  rmSync(`${out}.old`, { recursive: true, force: true });
  if (existsSync(out)) renameSync(out, `${out}.old`);
  renameSync(next, out);
  rmSync(`${out}.old`, { recursive: true, force: true });
  return { web };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { web } = await build();
  mkdirSync(distDir, { recursive: true });
  console.error(`serveur : construit dans dist/ en ${Date.now() - started} ms${web ? '' : ' (sans l’application web : lancez d’abord pnpm --filter @sortie/web build)'}`);
}
