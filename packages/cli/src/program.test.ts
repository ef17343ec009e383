import { describe, expect, it } from 'vitest';
import { TOURNAMENT_ACTION_NAMES } from '@sortie/core';
import { fakeCli, TEST_API } from '../test/fake-cli';

describe('sortie, the program', () => {
  it('prints its version and exits 0', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('--version')).toBe(0);
    expect(cli.stdout).toBe('1.2.3\n');
  });

  it('writes its help in French, with examples and the exit codes', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('--help')).toBe(0);
    expect(cli.stdout).toContain('Utilisation : sortie [options] <commande>');
    expect(cli.stdout).toContain('Commandes :');
    expect(cli.stdout).toContain('Exemples :');
    expect(cli.stdout).toContain('Codes de sortie : 0 succès, 1 échec, 2 utilisation incorrecte.');
    expect(cli.stdout).not.toMatch(/Usage:|display help|output the version/);
  });

  it('shows a subcommand’s help with its examples and the global options', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('tournament', 'emit', '--help')).toBe(0);
    expect(cli.stdout).toContain('Utilisation : sortie tournament emit [options] <tournamentId> <action>');
    expect(cli.stdout).toContain('Options globales :');
    expect(cli.stdout).toContain('--params');
    expect(cli.stdout).toContain('$ sortie tournament emit');
  });

  it('lists every tournament action in `tournament emit --help`, with its params and an example', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('tournament', 'emit', '--help')).toBe(0);
    const help = cli.stdout.slice(cli.stdout.indexOf('Actions ('));
    for (const action of TOURNAMENT_ACTION_NAMES) {
      expect(help, action).toMatch(new RegExp(`\\n  ${action}\\b.*\\n +\\$ sortie tournament emit \\$ID ${action}\\b`));
    }
    expect(help).toContain('  reportScore {matchId, scoreA, scoreB}  saisir un score');
    expect(help).toContain(`    $ sortie tournament emit $ID reportScore --params '{"matchId":"W1-1","scoreA":3,"scoreB":1}'`);
    expect(cli.stdout).toContain('--score <a-b>');
  });

  it('shows help with `sortie links help resolve` and exits 0', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('links', 'help', 'resolve')).toBe(0);
    expect(cli.stdout).toContain('Utilisation : sortie links resolve [options] <shortCode>');
  });

  it('exits 2 with a French message on an unknown command or option', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('lnks')).toBe(2);
    expect(cli.stderr).toContain('erreur : commande inconnue « lnks » (vouliez-vous dire links ?)');
    const option = fakeCli();
    expect(await option.runBare('links', 'list', '--bogus')).toBe(2);
    expect(option.stderr).toContain('erreur : option inconnue « --bogus »');
  });

  it('exits 2 on a missing argument, too many arguments, or a group without its subcommand', async () => {
    for (const args of [['links', 'resolve'], ['links', 'resolve', 'a', 'b'], ['links'], []]) {
      const cli = fakeCli();
      expect(await cli.runBare(...args), args.join(' ')).toBe(2);
      expect(cli.stderr).not.toBe('');
    }
  });

  it('keeps stdout JSON on a usage error under --json', async () => {
    const cli = fakeCli();
    expect(await cli.runBare('--json', 'links', 'resolve')).toBe(2);
    expect(JSON.parse(cli.stdout)).toMatchObject({ error: { code: 'USAGE' } });
  });

  it('talks to --api, else SORTIE_API_URL, else http://localhost:3000', async () => {
    const flag = fakeCli({ env: { SORTIE_API_URL: 'http://env.test' } });
    flag.fakes.links.knowLink({ shortCode: 'a', url: 'https://a.fr' });
    await flag.runBare('links', 'resolve', 'a', '--api', 'http://flag.test');
    const env = fakeCli({ env: { SORTIE_API_URL: 'http://env.test' } });
    await env.runBare('links', 'resolve', 'a');
    const none = fakeCli();
    await none.runBare('links', 'resolve', 'a');
    expect([flag.opened, env.opened, none.opened]).toEqual([[{ apiUrl: 'http://flag.test' }], [{ apiUrl: 'http://env.test' }], [{ apiUrl: 'http://localhost:3000' }]]);
  });

  it('prints bash and zsh completion scripts built from the command tree', async () => {
    const bash = fakeCli();
    expect(await bash.runBare('completion', 'bash')).toBe(0);
    expect(bash.stdout).toContain('complete -o default -F _sortie sortie');
    expect(bash.stdout).toMatch(/"links resolve"\|"links resolve "\*\) words_="--help"|"links"\|"links "\*\) words_="resolve get visit create list visits /);
    expect(bash.stdout).toContain('--api|--code|--email|--limit|--match|--name|--offset|--order|--params|--participant|--place|--score|--search');
    const zsh = fakeCli();
    expect(await zsh.runBare('completion', 'zsh')).toBe(0);
    expect(zsh.stdout.startsWith('#compdef sortie\n')).toBe(true);
    expect(zsh.stdout).toContain("'resolve:affiche l’adresse d’un lien court et enregistre la visite'");
    expect(bash.stdout).toContain('"tournament emit"|"tournament emit "*) words_="get join leave checkIn walkInCheckIn undoCheckIn addParticipant removeParticipant seed start reportScore confirmScore undo nextRound disqualify --params');
    expect(zsh.stdout).toContain("'reportScore:saisir un score (celui d’un joueur attend la confirmation de l’adversaire)'");
    const fish = fakeCli();
    expect(await fish.runBare('completion', 'fish')).toBe(2);
    expect(fish.stderr).toContain('Shell non pris en charge : « fish »');
  });

  it('accepts global options after the subcommand', async () => {
    const cli = fakeCli();
    cli.fakes.links.knowLink({ shortCode: 'a', url: 'https://a.fr' });
    expect(await cli.runBare('links', 'resolve', 'a', '--json', '--api', TEST_API)).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({ shortCode: 'a', url: 'https://a.fr' });
  });
});
