#!/usr/bin/env node
// `pnpm --filter @sortie/cli pack:npm [out-dir]`: the CLI as an npm package that installs anywhere
// (`npm install -g ./sortie-cli-<version>.tgz`), with no workspace and no build tool:
//   dist/pack/sortie.mjs     one file, every dependency bundled (@sortie/core, the adapters,
//                            commander, zod, socket.io-client…), node 20 and later
//   dist/pack/package.json   its own manifest (public name, bin, engines; no dependencies)
//   dist/pack/README.md
// then `npm pack` writes the tarball into out-dir (default: dist/) and prints its path.
// The workspace package stays private: its launcher (bin/sortie.mjs) rebuilds from the sources.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packDir = join(packageDir, 'dist/pack');
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

const MANIFEST = {
  name: 'sortie-cli',
  version,
  description: 'sortie — la ligne de commande de Sortie : liens courts, partages, événements, tournois en direct.',
  type: 'module',
  bin: { sortie: './sortie.mjs' },
  files: ['sortie.mjs', 'README.md'],
  engines: { node: '>=20.19' },
  keywords: ['sortie', 'cli', 'événements'],
  license: 'UNLICENSED',
};

const README = `# sortie-cli

La ligne de commande de Sortie, en un seul fichier (Node 20.19 ou plus récent, aucune dépendance).

\`\`\`sh
npm install -g ./sortie-cli-${version}.tgz
sortie --version
SORTIE_API_URL=https://sortie.example.fr sortie login --email vous@example.fr
sortie links create https://www.example.fr/fete --code fete
\`\`\`

\`sortie --help\` liste les commandes et les variables d’environnement.
`;

export async function pack(outDir = join(packageDir, 'dist')) {
  const { build } = await import('esbuild');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  await build({
    absWorkingDir: packageDir,
    stdin: { contents: "import { main } from './src/main.ts';\nawait main(process.argv);\n", resolveDir: packageDir, sourcefile: 'sortie-entry.ts', loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: join(packDir, 'sortie.mjs'),
    minify: true,
    keepNames: true,
    legalComments: 'none',
    define: { SORTIE_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
    // Optional native speed-ups of ws: absent, ws falls back to JavaScript.
    external: ['bufferutil', 'utf-8-validate'],
    alias: { 'node-fetch-native': join(packageDir, 'scripts/native-fetch.mjs') },
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __sortieRequire } from 'node:module'; const require = __sortieRequire(import.meta.url);" },
  });
  chmodSync(join(packDir, 'sortie.mjs'), 0o755);
  writeFileSync(join(packDir, 'package.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
  writeFileSync(join(packDir, 'README.md'), README);
  mkdirSync(outDir, { recursive: true });
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', resolve(outDir)], { cwd: packDir, encoding: 'utf8' }));
  return join(resolve(outDir), filename);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await pack(process.argv[2]));
}
