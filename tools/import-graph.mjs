#!/usr/bin/env node
// The import graph of one source folder (issue 31): which files import which, read with the
// TypeScript compiler so that type-only imports (`import type`, `export type … from`,
// `import('./x').T`) count like the others. It reports every import cycle (a strongly connected
// component of more than one file) and the number of levels: a file stands one level above
// everything it imports, a file that imports nothing of the folder stands on level 1, and the
// files of a cycle count as one node.
//
//   node tools/import-graph.mjs [folder] [--json] [--max-levels N] [--no-cycles]
//
// The folder defaults to packages/server/src. Test files (*.test.ts, *.spec.ts) and what they
// import are left out. Only relative imports are followed; packages are outside the graph.
// Exit code: 0, or 1 when --max-levels or --no-cycles is given and the graph breaks it, 2 on a
// usage error.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { readToolArgs } from './tool-args.mjs';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mts|cts)$/;

/** Non-test TypeScript files under `dir`, absolute paths, sorted. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.name === 'node_modules' || entry.name === 'dist') return [];
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
    })
    .sort();
}

/** Every module specifier of a file, with whether the import carries types only. */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (node, typeOnly) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      // `import type { A }`, or `import { type A, type B }` (erased when every name is a type).
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = Boolean(clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly))));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node.moduleSpecifier, node.isTypeOnly || Boolean(named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: false,
};

/** Tarjan's strongly connected components, iterative; components come out dependencies first. */
function stronglyConnected(nodes, edges) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node);
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/**
 * Reads the folder and measures its import graph. Paths in the result are relative to `root`,
 * with forward slashes.
 */
export function analyzeImportGraph(root) {
  const folder = resolve(root);
  const absolute = sourceFiles(folder);
  const name = (path) => relative(folder, path).split(sep).join('/');
  const files = absolute.map(name);
  const known = new Set(files);
  const host = ts.sys;
  /** file -> [{ to, typeOnly }], one entry per imported file (type-only only if every import of it is). */
  const imports = new Map();
  for (const path of absolute) {
    const from = name(path);
    const byTarget = new Map();
    for (const { specifier, typeOnly } of importsOf(path, readFileSync(path, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(specifier, path, COMPILER_OPTIONS, host).resolvedModule;
      if (!resolved) continue;
      const to = name(resolve(resolved.resolvedFileName));
      if (!known.has(to) || to === from) continue;
      byTarget.set(to, byTarget.has(to) ? byTarget.get(to) && typeOnly : typeOnly);
    }
    imports.set(
      from,
      [...byTarget].map(([to, typeOnly]) => ({ to, typeOnly })).sort((a, b) => a.to.localeCompare(b.to)),
    );
  }

  const edges = new Map(files.map((file) => [file, imports.get(file).map((edge) => edge.to)]));
  const components = stronglyConnected(files, edges);
  const componentOf = new Map();
  components.forEach((component, i) => component.forEach((file) => componentOf.set(file, i)));

  // Tarjan yields a component after every component it reaches: levels in one pass.
  const componentLevel = [];
  const below = []; // the component under each one on its longest chain, or -1
  components.forEach((component, i) => {
    let best = 0;
    let next = -1;
    for (const file of component) {
      for (const target of edges.get(file)) {
        const j = componentOf.get(target);
        if (j !== i && componentLevel[j] > best) {
          best = componentLevel[j];
          next = j;
        }
      }
    }
    componentLevel[i] = best + 1;
    below[i] = next;
  });

  const levels = {};
  for (const file of files) levels[file] = componentLevel[componentOf.get(file)];
  const levelCount = files.length === 0 ? 0 : Math.max(...componentLevel);

  // The longest chain, from the top down; a cycle on it stands as the list of its files.
  const chain = [];
  let top = componentLevel.indexOf(levelCount);
  while (top >= 0) {
    const component = components[top];
    chain.push(component.length === 1 ? component[0] : [...component]);
    top = below[top];
  }

  const cycles = components
    .filter((component) => component.length > 1)
    .map((component) => {
      const members = new Set(component);
      return {
        files: component,
        imports: component.flatMap((from) =>
          imports
            .get(from)
            .filter((edge) => members.has(edge.to))
            .map((edge) => ({ from, to: edge.to, typeOnly: edge.typeOnly })),
        ),
      };
    })
    .sort((a, b) => b.files.length - a.files.length || a.files[0].localeCompare(b.files[0]));

  return {
    root: folder,
    files: files.length,
    imports: [...imports.values()].reduce((sum, list) => sum + list.length, 0),
    cycles,
    levels: levelCount,
    longestChain: chain,
    fileLevels: levels,
    fileImports: Object.fromEntries(imports),
  };
}

function report(graph) {
  const lines = [];
  lines.push(`${graph.files} files, ${graph.imports} imports between them (type-only included)`);
  lines.push('');
  if (graph.cycles.length === 0) {
    lines.push('No import cycle.');
  } else {
    const inCycles = graph.cycles.reduce((sum, cycle) => sum + cycle.files.length, 0);
    lines.push(`${graph.cycles.length} import cycle(s), ${inCycles} files in them:`);
    graph.cycles.forEach((cycle, i) => {
      lines.push('');
      lines.push(`  cycle ${i + 1}: ${cycle.files.length} files`);
      for (const file of cycle.files) {
        const out = cycle.imports.filter((edge) => edge.from === file);
        lines.push(`    ${file}`);
        for (const edge of out) lines.push(`      -> ${edge.to}${edge.typeOnly ? '  (type only)' : ''}`);
      }
    });
  }
  lines.push('');
  lines.push(`${graph.levels} level(s). Longest chain, from the top:`);
  graph.longestChain.forEach((step, i) => {
    const level = graph.levels - i;
    if (Array.isArray(step)) lines.push(`  ${String(level).padStart(3)}  cycle of ${step.length}: ${step.join(', ')}`);
    else lines.push(`  ${String(level).padStart(3)}  ${step}`);
  });
  return lines.join('\n');
}

const USAGE = 'usage: node tools/import-graph.mjs [folder] [--json] [--max-levels N] [--no-cycles]';

/** The command line: returns the exit code. */
export function main(argv, { cwd = process.cwd(), out = (text) => process.stdout.write(`${text}\n`), err = (text) => process.stderr.write(`${text}\n`) } = {}) {
  const args = readToolArgs(argv, { options: { json: { type: 'boolean' }, 'max-levels': { type: 'string' }, 'no-cycles': { type: 'boolean' } }, counts: ['max-levels'], positionals: true, usage: USAGE, err });
  if (!args) return 2;
  if (args.values.help) {
    out(USAGE);
    return 0;
  }
  const { json = false, 'no-cycles': noCycles = false } = args.values;
  const maxLevels = args.values['max-levels'] === undefined ? null : Number(args.values['max-levels']);
  const folder = args.positionals.at(-1) ?? 'packages/server/src';
  let graph;
  try {
    graph = analyzeImportGraph(resolve(cwd, folder));
  } catch (error) {
    err(`cannot read ${folder}: ${error.message}`);
    return 2;
  }
  const failures = [];
  if (noCycles && graph.cycles.length > 0) failures.push(`${graph.cycles.length} import cycle(s), none allowed`);
  if (maxLevels !== null && graph.levels > maxLevels) failures.push(`${graph.levels} levels, at most ${maxLevels} allowed`);
  if (json) {
    out(JSON.stringify({ ...graph, root: relative(cwd, graph.root).split(sep).join('/') || '.', failures }, null, 2));
  } else {
    out(report(graph));
    for (const failure of failures) err(`FAIL: ${failure}`);
  }
  return failures.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
