import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { DataDirInUseError } from '../db/data-lock';
import { EmbeddedDatabaseError } from '../db/embedded/embedded-postgres';
import { LastAdminError } from '../auth/roles';
import { AdminInputError, createAdmin } from './create-admin';
import { backupDataDir, BackupError, restoreDataDir } from './backup';
import { readPassword } from './password-input';
import { MigrationError } from '../db/migrations';

const HELP = `sortie-admin — l’exploitation d’un serveur Sortie, sans SQL.

Usage :
  sortie-admin create-admin --email <adresse> [--name <nom affiché>]
      Donne le rôle admin à ce compte ; le crée s’il n’existe pas (mot de passe demandé deux fois,
      ou lu sur la première ligne de l’entrée standard : printf '%s\\n' "$MDP" | sortie-admin …).
  sortie-admin backup <fichier.tar.gz>
      Sauvegarde le dossier de données embarqué, serveur en marche ou non.
  sortie-admin restore <fichier.tar.gz> --data <dossier vide>
      Restaure une sauvegarde dans un dossier vide ou absent (jamais par-dessus une base).

La base : DATABASE_URL (PostgreSQL) si elle est définie, sinon le dossier SORTIE_DATA_DIR (défaut
./.data) ou --data <dossier>. Avec PostgreSQL, sauvegardez avec pg_dump et pg_restore (README).
create-admin refuse de travailler sur un dossier qu’un serveur en marche utilise : arrêtez-le, ou
utilisez SORTIE_ADMIN_EMAIL (le compte devient admin à sa première connexion).`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, data: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command || command === 'help') {
    console.log(HELP);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfig();
  const dataDir = values.data ? resolve(values.data) : config.dataDir;

  if (command === 'create-admin') {
    if (!values.email) throw new AdminInputError('Précisez le compte : --email <adresse>.');
    const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir });
    try {
      const { user, created } = await createAdmin(db, { email: values.email, name: values.name, password: () => readPassword() });
      console.log(created ? `Compte administrateur créé : ${user.email}.` : `${user.email} a maintenant le rôle admin (compte existant, mot de passe inchangé).`);
    } finally {
      await db.close();
    }
    return 0;
  }
  if (command === 'backup') {
    const [file] = rest;
    if (!file) throw new AdminInputError('Précisez le fichier : sortie-admin backup <fichier.tar.gz>.');
    if (config.databaseUrl && !values.data) throw new AdminInputError('DATABASE_URL est définie : sauvegardez PostgreSQL avec pg_dump -Fc (voir le README), ou donnez --data pour un dossier embarqué.');
    const started = Date.now();
    const { bytes, live } = await backupDataDir(dataDir, file);
    console.log(`Sauvegarde écrite : ${resolve(file)} (${(bytes / 1e6).toFixed(1)} Mo, ${Date.now() - started} ms${live ? ', serveur en marche' : ''}).`);
    return 0;
  }
  if (command === 'restore') {
    const [file] = rest;
    if (!file || !values.data) throw new AdminInputError('Usage : sortie-admin restore <fichier.tar.gz> --data <dossier vide>.');
    const counts = await restoreDataDir(file, dataDir);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(`Restauré dans ${dataDir} : ${Object.keys(counts).length} tables, ${rows} lignes. Démarrez le serveur avec SORTIE_DATA_DIR=${dataDir}.`);
    return 0;
  }
  throw new AdminInputError(`Commande inconnue : ${command}. sortie-admin --help pour la liste.`);
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // What an operator can act on is said plainly; anything else with its stack.
    const known = [AdminInputError, BackupError, DataDirInUseError, EmbeddedDatabaseError, LastAdminError, MigrationError].some((kind) => error instanceof kind);
    const parseError = error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS');
    console.error((known || parseError) && error instanceof Error ? `sortie-admin : ${error.message}` : error);
    process.exit(1);
  },
);
