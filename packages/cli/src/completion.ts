import type { Command } from 'commander';
import { TOURNAMENT_ACTIONS_HELP } from './tournament-actions-help';

export const SHELLS = ['bash', 'zsh'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  path: string;
  subcommands: Array<{ name: string; description: string }>;
  options: string[];
}

/** Every command of the tree, deepest first, so that a shell `case` matches the longest path. */
function nodesOf(program: Command): Node[] {
  const nodes: Node[] = [];
  const globals = program.options.flatMap((option) => [option.long, option.short].filter((flag): flag is string => Boolean(flag)));
  const visit = (command: Command, path: string) => {
    const own = command === program ? [] : command.options.flatMap((option) => [option.long].filter((flag): flag is string => Boolean(flag)));
    // `completion <shell>` and `tournament emit <id> <action>` take a word from a fixed list: offer it like a subcommand.
    const words =
      path === 'completion'
        ? SHELLS.map((shell) => ({ name: shell, description: `script pour ${shell}` }))
        : path === 'tournament emit'
          ? TOURNAMENT_ACTIONS_HELP.map((action) => ({ name: action.name, description: action.summary }))
          : [];
    nodes.push({
      path,
      subcommands: [...command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })), ...words],
      options: [...own, ...globals, '--help'],
    });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return nodes.sort((a, b) => b.path.split(' ').length - a.path.split(' ').length || b.path.length - a.path.length);
}

/** Options followed by a value: the completion skips that value when it finds the command path. */
function valueOptions(program: Command): string[] {
  const flags = new Set<string>();
  const visit = (command: Command) => {
    for (const option of command.options) if (option.required || option.optional) if (option.long) flags.add(option.long);
    command.commands.forEach(visit);
  };
  visit(program);
  return [...flags].sort();
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const pattern = (path: string) => (path === '' ? '*' : `"${path}"|"${path} "*`);

/**
 * The lines both scripts share: walk the words typed before the cursor (`words[first]` up to
 * `cursor`), gather the command path in path_ (options and the values of the `skip` options left
 * out), then run the `cases` that match it. The `(pattern)` form of `case` reads alike in bash and zsh.
 */
const commandPathCase = (skip: string, words: string, first: number, cursor: string, cases: string) => `  for ((i = ${first}; i < ${cursor}; i++)); do
    w="\${${words}[i]}"
    case "$w" in
      (${skip}) ((i++)); continue ;;
      (-*) continue ;;
    esac
    path_="\${path_:+$path_ }$w"
  done
  case "$path_" in
${cases}
  esac`;

/** A completion script for bash or zsh, generated from the command tree itself. */
export function completionScript(program: Command, shell: Shell): string {
  const nodes = nodesOf(program);
  const skip = valueOptions(program).join('|');
  if (shell === 'bash') {
    const cases = nodes
      .map((node) => `    ${pattern(node.path)}) words_="${[...node.subcommands.map((s) => s.name), ...node.options].join(' ')}" ;;`)
      .join('\n');
    return `# Complétion bash de sortie. Installation : source <(sortie completion bash)
_sortie() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path_="" words_="" i w
${commandPathCase(skip, 'COMP_WORDS', 1, 'COMP_CWORD', cases)}
  COMPREPLY=($(compgen -W "$words_" -- "$cur"))
}
complete -o default -F _sortie sortie
`;
  }
  const cases = nodes
    .map((node) => {
      const commands = node.subcommands.map((s) => shellQuote(`${s.name}:${s.description.replace(/:/g, '\\:')}`)).join(' ');
      return `    (${pattern(node.path)}) commands_=(${commands}); options_=(${node.options.join(' ')}) ;;`;
    })
    .join('\n');
  return `#compdef sortie
# Complétion zsh de sortie. Installation : sortie completion zsh > "\${fpath[1]}/_sortie"
# (ou, pour la session en cours : source <(sortie completion zsh))
_sortie() {
  local path_="" w i
  local -a commands_ options_
${commandPathCase(skip, 'words', 2, 'CURRENT', cases)}
  if [[ "\${words[CURRENT]}" == -* || \${#commands_} -eq 0 ]]; then
    compadd -- \${options_[@]}
  else
    _describe 'commande' commands_
  fi
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _sortie "$@"
else
  compdef _sortie sortie
fi
`;
}
