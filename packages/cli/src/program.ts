import { Command, Option } from 'commander';
import type * as ActionsModule from './actions/index';
import type { EmitFlags } from './actions/tournament';
import { completionScript } from './completion';
import { UsageError } from './cli-errors';
import type { ActionContext, GlobalOptions, Runtime } from './context';
import { frenchError, frenchProgram } from './help-fr';
import type { Io } from './io';
import { Output } from './output';
import { tournamentActionsHelp } from './tournament-actions-help';

export const DEFAULT_API_URL = 'http://localhost:3000';

export type { ActionContext, GlobalOptions, Runtime } from './context';

export type Actions = typeof ActionsModule;

export interface ProgramDeps {
  io: Io;
  version: string;
  /** Builds the container for one command: node adapters in production, fakes in tests. */
  openRuntime(options: GlobalOptions & { apiUrl: string; apiKey?: string }, out: Output): Promise<Runtime>;
  /** The command implementations: a separate chunk, loaded only when a command runs. */
  loadActions(): Promise<Actions>;
}

const examples = (...lines: string[]) => `\nExemples :\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;

/**
 * The `sortie` command tree. Nothing here loads the container, the adapters or zod: they
 * come with the first action, so that --help and --version stay fast.
 */
export function createProgram(deps: ProgramDeps): Command {
  const { io } = deps;
  const program = frenchProgram(new Command('sortie'), deps.version)
    .usage('[options] <commande>')
    .description('Sortie en ligne de commande : liens courts, partages, prochain événement et tournois.')
    .addOption(new Option('--api <url>', `adresse de l’API (défaut : $SORTIE_API_URL, sinon ${DEFAULT_API_URL})`))
    .option('--json', 'résultat en JSON sur la sortie standard, et rien d’autre')
    .option('-q, --quiet', 'n’affiche que les résultats, sans progression ni confirmation')
    .option('--verbose', 'détaille les erreurs sur la sortie d’erreur')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander would otherwise read process.stdout and process.stderr, which are costly to set up.
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
      outputError: (text, write) => write(frenchError(text)),
    })
    .addHelpText(
      'after',
      examples(
        'sortie login --email staff@demo.sortie.fr',
        'sortie links resolve fete-musique',
        'sortie --json links list | jq ".items[].shortCode"',
        'sortie events next --place 665f1c2e8b3a4d0012345678',
        'sortie tournament emit 665f1c2e8b3a4d0012345678 join --params \'{"name":"Léa"}\'',
        'SORTIE_API_URL=https://sortie.example.fr sortie whoami',
      ) +
        '\nEnvironnement :\n' +
        `  SORTIE_API_URL     adresse de l’API, si --api est absent (sinon ${DEFAULT_API_URL})\n` +
        '  SORTIE_CONFIG_DIR  dossier du fichier de session (sinon $XDG_CONFIG_HOME/sortie, ou ~/.config/sortie)\n' +
        '  SORTIE_API_KEY     clé d’API (tableau de bord, « Clés d’API ») envoyée à la place de la session de « sortie login »\n' +
        '\nCodes de sortie : 0 succès, 1 échec, 2 utilisation incorrecte.\n',
    );

  /** Runs an action with the container, translating its failure into a French message. */
  const run =
    <A extends unknown[]>(body: (actions: Actions, context: ActionContext, ...args: A) => Promise<void>) =>
    async (...commanderArgs: unknown[]) => {
      const command = commanderArgs.at(-1) as Command;
      const args = commanderArgs.slice(0, -2) as unknown as A;
      const globals = command.optsWithGlobals<GlobalOptions>();
      const apiUrl = globals.api ?? io.env.SORTIE_API_URL ?? DEFAULT_API_URL;
      const out = new Output(io, globals);
      const actions = await deps.loadActions();
      let runtime: Runtime | undefined;
      try {
        const apiKey = io.env.SORTIE_API_KEY?.trim();
        runtime = await deps.openRuntime({ ...globals, apiUrl, ...(apiKey ? { apiKey } : {}) }, out);
        const { container, forgetSession } = runtime;
        const context: ActionContext = { container, apiUrl: runtime.apiUrl, out, io, forgetSession };
        await body(actions, context, ...args);
      } catch (error) {
        throw actions.toCliError(error, { apiUrl, out });
      } finally {
        runtime?.close();
      }
    };
  const opts = <T>(commanderArgs: unknown[]) => commanderArgs.at(-2) as T;

  program
    .command('login')
    .description('ouvre une session (e-mail et mot de passe) et la garde dans le fichier de jetons')
    .option('--email <email>', 'adresse e-mail du compte (demandée sinon)')
    .option('--password-stdin', 'lit le mot de passe sur l’entrée standard (sinon, saisie masquée)')
    .addHelpText('after', examples('sortie login', 'sortie login --email staff@demo.sortie.fr', 'printf %s "$MOT_DE_PASSE" | sortie login --email staff@demo.sortie.fr --password-stdin'))
    .action((...a: unknown[]) => run((actions, context) => actions.login(context, opts<{ email?: string; passwordStdin?: boolean }>(a)))(...a));

  program
    .command('logout')
    .description('ferme la session et efface le fichier de jetons')
    .action(run((actions, context) => actions.logout(context)));

  program
    .command('whoami')
    .description('affiche le compte connecté')
    .addHelpText('after', examples('sortie whoami', 'sortie --json whoami'))
    .action(run((actions, context) => actions.whoami(context)));

  const links = program.command('links').usage('<commande> [options]').description('liens courts et liens dynamiques');
  links
    .command('resolve')
    .argument('<shortCode>', 'code court du lien (ce qui suit /r/)')
    .description('affiche l’adresse d’un lien court et enregistre la visite')
    .addHelpText('after', examples('sortie links resolve fete-musique', 'xdg-open "$(sortie links resolve fete-musique)"'))
    .action(run((actions, context, code: string) => actions.linksResolve(context, code)));
  links
    .command('get')
    .argument('<id>', 'identifiant du lien (24 caractères hexadécimaux)')
    .description('affiche un lien dynamique')
    .addHelpText('after', examples('sortie links get 665f1c2e8b3a4d0012345678'))
    .action(run((actions, context, id: string) => actions.linksGet(context, id)));
  links
    .command('visit')
    .argument('<id>', 'identifiant du lien')
    .description('enregistre une visite du lien (date et agent utilisateur de sortie)')
    .addHelpText('after', examples('sortie links visit 665f1c2e8b3a4d0012345678'))
    .action(run((actions, context, id: string) => actions.linksVisit(context, id)));
  links
    .command('create')
    .argument('<url>', 'adresse de destination (http ou https)')
    .option('--code <shortCode>', 'code court voulu (sinon, le serveur en choisit un)')
    .description('crée un lien court (compte staff)')
    .addHelpText('after', examples('sortie links create https://www.poitiers.fr/fete --code fete-musique'))
    .action((...a: unknown[]) => run((actions, context, url: string) => actions.linksCreate(context, url, opts<{ code?: string }>(a)))(...a));
  links
    .command('list')
    .option('--limit <n>', 'nombre de liens (20 par défaut, 100 au plus)')
    .option('--offset <n>', 'nombre de liens à sauter')
    .option('--search <texte>', 'filtre par texte')
    .description('liste les liens (compte staff)')
    .addHelpText('after', examples('sortie links list', 'sortie links list --search fete --limit 50', 'sortie --json links list'))
    .action((...a: unknown[]) => run((actions, context) => actions.linksList(context, opts<{ limit?: string; offset?: string; search?: string }>(a)))(...a));
  links
    .command('visits')
    .argument('<id>', 'identifiant du lien')
    .option('--limit <n>', 'nombre de visites (20 par défaut, 100 au plus), les plus récentes d’abord')
    .option('--offset <n>', 'nombre de visites à sauter')
    .description('liste les visites d’un lien : date et agent utilisateur (compte staff)')
    .addHelpText('after', examples('sortie links visits 665f1c2e8b3a4d0012345678', 'sortie --json links visits 665f1c2e8b3a4d0012345678 --limit 100'))
    .action((...a: unknown[]) => run((actions, context, id: string) => actions.linksVisits(context, id, opts<{ limit?: string; offset?: string }>(a)))(...a));

  const shares = program.command('shares').usage('<commande> [options]').description('partages');
  shares
    .command('view')
    .argument('<id>', 'identifiant du partage (le nshid d’une adresse partagée)')
    .description('enregistre une vue du partage, comme une visite de ?nshid={id}')
    .addHelpText('after', examples('sortie shares view 665f1c2e8b3a4d0012345678'))
    .action(run((actions, context, id: string) => actions.sharesView(context, id)));

  const events = program.command('events').usage('<commande> [options]').description('événements');
  events
    .command('next')
    .requiredOption('--place <placeId>', 'identifiant du lieu')
    .description('affiche l’adresse qu’ouvrirait /nextEvent : le prochain événement du lieu, sinon le lieu')
    .addHelpText('after', examples('sortie events next --place 665f1c2e8b3a4d0012345678'))
    .action((...a: unknown[]) => run((actions, context) => actions.eventsNext(context, opts<{ place: string }>(a).place))(...a));

  const tournament = program.command('tournament').usage('<commande> [options]').description('tournois, en temps réel');
  tournament
    .command('get')
    .argument('<id>', 'identifiant du tournoi')
    .description('affiche un tournoi')
    .addHelpText('after', examples('sortie tournament get 665f1c2e8b3a4d0012345678'))
    .action(run((actions, context, id: string) => actions.tournamentGet(context, id)));
  tournament
    .command('show')
    .argument('<id>', 'identifiant du tournoi')
    .description('affiche le tableau du tournoi, ou son classement (toutes rondes, système suisse, poules)')
    .addHelpText('after', examples('sortie tournament show 665f1c2e8b3a4d0012345678', 'sortie --json tournament show 665f1c2e8b3a4d0012345678 | jq .standings'))
    .action(run((actions, context, id: string) => actions.tournamentShow(context, id)));
  tournament
    .command('emit')
    .argument('<tournamentId>', 'identifiant du tournoi')
    .argument('<action>', 'action envoyée au serveur (voir « Actions » plus bas)')
    .option('--params <json>', 'paramètres de l’action, en JSON (un objet)')
    .option('--match <matchId>', 'raccourci pour le paramètre matchId')
    .option('--score <a-b>', 'raccourci pour scoreA et scoreB : --score 3-1')
    .option('--name <nom>', 'raccourci pour le paramètre name')
    .option('--participant <id>', 'raccourci pour le paramètre participantId')
    .option('--order <ids>', 'raccourci pour le paramètre order : identifiants séparés par des virgules')
    .description('envoie une action au tournoi et affiche le tournoi renvoyé (échec sans réponse sous 2 s)')
    .addHelpText(
      'after',
      tournamentActionsHelp() +
        examples(
          'sortie tournament emit 665f1c2e8b3a4d0012345678 start',
          'sortie tournament emit 665f1c2e8b3a4d0012345678 join --name Léa',
          'sortie tournament emit 665f1c2e8b3a4d0012345678 reportScore --match W1-1 --score 3-1',
        ),
    )
    .action((...a: unknown[]) =>
      run((actions, context, id: string, action: string) => actions.tournamentEmit(context, id, action, opts<EmitFlags>(a)))(...a),
    );
  tournament
    .command('watch')
    .argument('<id>', 'identifiant du tournoi')
    .description('affiche le tournoi comme show, redessiné à chaque mise à jour, jusqu’à Ctrl-C')
    .addHelpText('after', examples('sortie tournament watch 665f1c2e8b3a4d0012345678', 'sortie --json tournament watch 665f1c2e8b3a4d0012345678 | jq .status'))
    .action(run((actions, context, id: string) => actions.tournamentWatch(context, id)));

  program
    .command('completion')
    .argument('<shell>', 'bash ou zsh')
    .description('affiche le script de complétion du shell')
    .addHelpText('after', examples('source <(sortie completion bash)', 'sortie completion zsh > "${fpath[1]}/_sortie"'))
    .action((shell: string) => {
      if (shell !== 'bash' && shell !== 'zsh') throw new UsageError(`Shell non pris en charge : « ${shell} » (bash ou zsh).`);
      io.stdout.write(completionScript(program, shell));
    });

  return program;
}
