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

  /**
   * Runs an action with the container, translating its failure into a French message. The body
   * receives what commander passes: the command's arguments, then its options.
   */
  const run =
    <A extends unknown[]>(body: (actions: Actions, context: ActionContext, ...args: A) => Promise<void>) =>
    async (...commanderArgs: unknown[]) => {
      const command = commanderArgs.at(-1) as Command;
      const args = commanderArgs.slice(0, -1) as unknown as A;
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
  /** A subcommand of `parent` with its description and the examples its help ends with. */
  const subcommand = (parent: Command, name: string, description: string, ...exampleLines: string[]) =>
    parent
      .command(name)
      .description(description)
      .addHelpText('after', examples(...exampleLines));

  subcommand(program, 'login', 'ouvre une session (e-mail et mot de passe) et la garde dans le fichier de jetons', 'sortie login', 'sortie login --email staff@demo.sortie.fr', 'printf %s "$MOT_DE_PASSE" | sortie login --email staff@demo.sortie.fr --password-stdin')
    .option('--email <email>', 'adresse e-mail du compte (demandée sinon)')
    .option('--password-stdin', 'lit le mot de passe sur l’entrée standard (sinon, saisie masquée)')
    .action(run((actions, context, options: { email?: string; passwordStdin?: boolean }) => actions.login(context, options)));

  program
    .command('logout')
    .description('ferme la session et efface le fichier de jetons')
    .action(run((actions, context) => actions.logout(context)));

  subcommand(program, 'whoami', 'affiche le compte connecté', 'sortie whoami', 'sortie --json whoami').action(run((actions, context) => actions.whoami(context)));

  const links = program.command('links').usage('<commande> [options]').description('liens courts et liens dynamiques');
  subcommand(links, 'resolve', 'affiche l’adresse d’un lien court et enregistre la visite', 'sortie links resolve fete-musique', 'xdg-open "$(sortie links resolve fete-musique)"')
    .argument('<shortCode>', 'code court du lien (ce qui suit /r/)')
    .action(run((actions, context, code: string) => actions.linksResolve(context, code)));
  subcommand(links, 'get', 'affiche un lien dynamique', 'sortie links get 665f1c2e8b3a4d0012345678')
    .argument('<id>', 'identifiant du lien (24 caractères hexadécimaux)')
    .action(run((actions, context, id: string) => actions.linksGet(context, id)));
  subcommand(links, 'visit', 'enregistre une visite du lien (date et agent utilisateur de sortie)', 'sortie links visit 665f1c2e8b3a4d0012345678')
    .argument('<id>', 'identifiant du lien')
    .action(run((actions, context, id: string) => actions.linksVisit(context, id)));
  subcommand(links, 'create', 'crée un lien court (compte staff)', 'sortie links create https://www.poitiers.fr/fete --code fete-musique')
    .argument('<url>', 'adresse de destination (http ou https)')
    .option('--code <shortCode>', 'code court voulu (sinon, le serveur en choisit un)')
    .action(run((actions, context, url: string, options: { code?: string }) => actions.linksCreate(context, url, options)));
  subcommand(links, 'list', 'liste les liens (compte staff)', 'sortie links list', 'sortie links list --search fete --limit 50', 'sortie --json links list')
    .option('--limit <n>', 'nombre de liens (20 par défaut, 100 au plus)')
    .option('--offset <n>', 'nombre de liens à sauter')
    .option('--search <texte>', 'filtre par texte')
    .action(run((actions, context, options: { limit?: string; offset?: string; search?: string }) => actions.linksList(context, options)));
  subcommand(links, 'visits', 'liste les visites d’un lien : date et agent utilisateur (compte staff)', 'sortie links visits 665f1c2e8b3a4d0012345678', 'sortie --json links visits 665f1c2e8b3a4d0012345678 --limit 100')
    .argument('<id>', 'identifiant du lien')
    .option('--limit <n>', 'nombre de visites (20 par défaut, 100 au plus), les plus récentes d’abord')
    .option('--offset <n>', 'nombre de visites à sauter')
    .action(run((actions, context, id: string, options: { limit?: string; offset?: string }) => actions.linksVisits(context, id, options)));

  const shares = program.command('shares').usage('<commande> [options]').description('partages');
  subcommand(shares, 'view', 'enregistre une vue du partage, comme une visite de ?nshid={id}', 'sortie shares view 665f1c2e8b3a4d0012345678')
    .argument('<id>', 'identifiant du partage (le nshid d’une adresse partagée)')
    .action(run((actions, context, id: string) => actions.sharesView(context, id)));

  const events = program.command('events').usage('<commande> [options]').description('événements');
  subcommand(events, 'next', 'affiche l’adresse qu’ouvrirait /nextEvent : le prochain événement du lieu, sinon le lieu', 'sortie events next --place 665f1c2e8b3a4d0012345678')
    .requiredOption('--place <placeId>', 'identifiant du lieu')
    .action(run((actions, context, options: { place: string }) => actions.eventsNext(context, options.place)));

  const tournament = program.command('tournament').usage('<commande> [options]').description('tournois, en temps réel');
  subcommand(tournament, 'get', 'affiche un tournoi', 'sortie tournament get 665f1c2e8b3a4d0012345678')
    .argument('<id>', 'identifiant du tournoi')
    .action(run((actions, context, id: string) => actions.tournamentGet(context, id)));
  subcommand(
    tournament,
    'show',
    'affiche le tableau du tournoi, ou son classement (toutes rondes, système suisse, poules)',
    'sortie tournament show 665f1c2e8b3a4d0012345678',
    'sortie --json tournament show 665f1c2e8b3a4d0012345678 | jq .standings',
  )
    .argument('<id>', 'identifiant du tournoi')
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
    .action(run((actions, context, id: string, action: string, flags: EmitFlags) => actions.tournamentEmit(context, id, action, flags)));
  subcommand(
    tournament,
    'watch',
    'affiche le tournoi comme show, redessiné à chaque mise à jour, jusqu’à Ctrl-C',
    'sortie tournament watch 665f1c2e8b3a4d0012345678',
    'sortie --json tournament watch 665f1c2e8b3a4d0012345678 | jq .status',
  )
    .argument('<id>', 'identifiant du tournoi')
    .action(run((actions, context, id: string) => actions.tournamentWatch(context, id)));

  subcommand(program, 'completion', 'affiche le script de complétion du shell', 'source <(sortie completion bash)', 'sortie completion zsh > "${fpath[1]}/_sortie"')
    .argument('<shell>', 'bash ou zsh')
    .action((shell: string) => {
      if (shell !== 'bash' && shell !== 'zsh') throw new UsageError(`Shell non pris en charge : « ${shell} » (bash ou zsh).`);
      io.stdout.write(completionScript(program, shell));
    });

  return program;
}
