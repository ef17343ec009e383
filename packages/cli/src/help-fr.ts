import type { Command, HelpConfiguration } from 'commander';

/** Commander writes its headings and errors in English; the program speaks French. */
const TITLES: Record<string, string> = {
  'Usage:': 'Utilisation :',
  'Options:': 'Options :',
  'Global Options:': 'Options globales :',
  'Commands:': 'Commandes :',
  'Arguments:': 'Arguments :',
};

export const frenchHelp: HelpConfiguration = {
  styleTitle: (title) => TITLES[title] ?? title,
  showGlobalOptions: true,
  sortSubcommands: false,
};

const q = (text: string) => `« ${text} »`;

/** Rewrites commander's usage errors in French; unknown ones pass through unchanged. */
export function frenchError(message: string): string {
  const text = message.replace(/\n$/, '');
  const rules: Array<[RegExp, (...groups: string[]) => string]> = [
    [/^error: unknown option '(.+?)'(?:\n\(Did you mean (.+)\?\))?$/s, (o, s) => `erreur : option inconnue ${q(o)}${s ? ` (vouliez-vous dire ${s} ?)` : ''}`],
    [/^error: unknown command '(.+?)'(?:\n\(Did you mean (.+)\?\))?$/s, (c, s) => `erreur : commande inconnue ${q(c)}${s ? ` (vouliez-vous dire ${s} ?)` : ''}`],
    [/^error: missing required argument '(.+)'$/, (a) => `erreur : argument obligatoire manquant ${q(a)}`],
    [/^error: option '(.+)' argument missing$/, (o) => `erreur : l’option ${q(o)} attend une valeur`],
    [/^error: required option '(.+)' not specified$/, (o) => `erreur : option obligatoire manquante ${q(o)}`],
    [/^error: too many arguments(?: for '(.+?)')?\..*$/s, (c) => `erreur : trop d’arguments${c ? ` pour ${q(c)}` : ''}`],
    [/^error: option '(.+)' argument '(.*)' is invalid\.\s*(.*)$/s, (o, v, why) => `erreur : valeur ${q(v ?? '')} refusée pour l’option ${q(o ?? '')}${why ? ` : ${why}` : ''}`],
    [/^error: command-argument value '(.*)' is invalid for argument '(.+)'\.\s*(.*)$/s, (v, a, why) => `erreur : valeur ${q(v ?? '')} refusée pour ${q(a ?? '')}${why ? ` : ${why}` : ''}`],
  ];
  for (const [pattern, render] of rules) {
    const match = pattern.exec(text);
    if (match) return `${render(...match.slice(1).map((g) => g ?? ''))}\n`;
  }
  return message;
}

/** Help, version and help-command wording in French, set before subcommands so they inherit it. */
export function frenchProgram(program: Command, version: string): Command {
  return program
    .configureHelp(frenchHelp)
    .helpOption('-h, --help', 'affiche l’aide de la commande')
    .helpCommand('help [commande]', 'affiche l’aide d’une commande')
    .version(version, '-V, --version', 'affiche la version')
    .showHelpAfterError('(sortie --help affiche l’aide)')
    .exitOverride();
}
