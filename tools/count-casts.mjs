#!/usr/bin/env node
// The casts of the server's code (issue 31), counted with the TypeScript compiler's parser: every
// `x as T` (AsExpression) and `<T>x` (TypeAssertion) whose type is not `const`. `satisfies` and the
// non-null `!` are not casts here; `x as unknown as T` holds two AsExpressions and counts two. The files read are the git-tracked `packages/server/src/**/*.ts`
// (`*.d.ts` included), test files (`*.test.ts`) and `packages/server/src/testing/**` left out.
//
//   node tools/count-casts.mjs [--json] [--max N] [--routes-zero]
//
// It prints the total, then each file with its count and the lines of its casts, most first.
// Exit code: 0, or 1 when `--max N` is given and the total is above N, or `--routes-zero` is given
// and a `*.routes.ts` holds a cast; 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { readToolArgs } from './tool-args.mjs';

const FOLDER = 'packages/server/src';
const USAGE = 'usage: node tools/count-casts.mjs [--json] [--max N] [--routes-zero]';

/** Whether a path (relative to the repository, `/`-separated) is counted. */
export function isCounted(path) {
  return (
    path.startsWith(`${FOLDER}/`) &&
    path.endsWith('.ts') &&
    !path.endsWith('.test.ts') &&
    !path.startsWith(`${FOLDER}/testing/`)
  );
}

/** The casts of one file's text: line (1-based) and the cast's text, in source order. */
export function castsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type;
      const isConst = ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
      if (!isConst) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ line: line + 1, text: node.getText(source).replace(/\s+/g, ' ').slice(0, 120) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The counted files git tracks in the repository at `root`, sorted. */
export function trackedFiles(root) {
  const listed = execFileSync('git', ['ls-files', '-z', '--', FOLDER], { cwd: root, encoding: 'utf8' });
  return listed.split('\0').filter((path) => path !== '' && isCounted(path)).sort();
}

/** Counts the casts of the repository at `root`: total and the files that hold one, most first. */
export function countCasts(root) {
  const files = trackedFiles(root)
    .map((path) => ({ path, casts: castsOf(path, readFileSync(join(root, path), 'utf8')) }))
    .filter((file) => file.casts.length > 0)
    .sort((a, b) => b.casts.length - a.casts.length || a.path.localeCompare(b.path));
  const total = files.reduce((sum, file) => sum + file.casts.length, 0);
  return { total, files: files.map(({ path, casts }) => ({ path, count: casts.length, casts })) };
}

function report({ total, files }) {
  const lines = [`${total} cast(s) in ${FOLDER} (tests and testing/ left out)`];
  for (const file of files) {
    lines.push(`${String(file.count).padStart(4)}  ${file.path}`);
    for (const cast of file.casts) lines.push(`        ${String(cast.line).padStart(4)}: ${cast.text}`);
  }
  return lines.join('\n');
}

/** The command line; returns the exit code (1: a --max or --routes-zero limit broken, 2: usage). */
export function main(argv, { cwd = process.cwd(), out = (text) => process.stdout.write(`${text}\n`), err = (text) => process.stderr.write(`${text}\n`) } = {}) {
  const args = readToolArgs(argv, { options: { json: { type: 'boolean' }, max: { type: 'string' }, 'routes-zero': { type: 'boolean' } }, counts: ['max'], usage: USAGE, err });
  if (!args) return 2;
  if (args.values.help) {
    out(USAGE);
    return 0;
  }
  const { json = false, 'routes-zero': routesZero = false } = args.values;
  const max = args.values.max === undefined ? null : Number(args.values.max);
  let counted;
  try {
    counted = countCasts(cwd);
  } catch (error) {
    err(`cannot read the tracked files of ${cwd}: ${error.message}`);
    return 2;
  }
  const failures = [];
  if (max !== null && counted.total > max) failures.push(`${counted.total} casts, at most ${max} allowed`);
  if (routesZero) {
    for (const file of counted.files.filter((f) => f.path.endsWith('.routes.ts'))) failures.push(`${file.path} holds ${file.count} cast(s), none allowed in a *.routes.ts`);
  }
  if (json) out(JSON.stringify({ ...counted, failures }, null, 2));
  else {
    out(report(counted));
    for (const failure of failures) err(`FAIL: ${failure}`);
  }
  return failures.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
