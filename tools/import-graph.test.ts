import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeImportGraph, main } from './import-graph.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('./import-graph.mjs', import.meta.url));

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A small source tree in a temporary folder: path → file text. */
function tree(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'import-graph-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = main(argv, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) });
  return { code, out, err };
}

describe('the import graph of a folder', () => {
  it('finds a cycle and lists its files and the imports that close it', () => {
    const folder = tree({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': "import { a } from './a';\nexport const c = () => a;\n",
      'top.ts': "import { a } from './a';\nexport const top = a;\n",
    });
    const graph = analyzeImportGraph(folder);
    expect(graph.cycles).toEqual([
      {
        files: ['a.ts', 'b.ts', 'c.ts'],
        imports: [
          { from: 'a.ts', to: 'b.ts', typeOnly: false },
          { from: 'b.ts', to: 'c.ts', typeOnly: false },
          { from: 'c.ts', to: 'a.ts', typeOnly: false },
        ],
      },
    ]);
  });

  it.each([
    ['import type', "import type { Context } from './context';\nexport type Handler = (ctx: Context) => void;\n"],
    ['import { type … }', "import { type Context } from './context';\nexport type Handler = (ctx: Context) => void;\n"],
    ['export type … from', "export type { Context } from './context';\n"],
    ['import(…) in a type', "export type Handler = (ctx: import('./context').Context) => void;\n"],
  ])('counts a type-only import (%s) as an arrow of the graph', (_, handler) => {
    const folder = tree({
      'context.ts': "import type { Handler } from './handler';\nexport interface Context { handlers: Handler[] }\n",
      'handler.ts': handler,
    });
    const graph = analyzeImportGraph(folder);
    expect(graph.cycles).toHaveLength(1);
    expect(graph.cycles[0]!.imports).toEqual([
      { from: 'context.ts', to: 'handler.ts', typeOnly: true },
      { from: 'handler.ts', to: 'context.ts', typeOnly: true },
    ]);
  });

  it('marks an import that carries a value as not type-only', () => {
    const folder = tree({
      'a.ts': "import { b, type B } from './b';\nexport const a: B = b;\n",
      'b.ts': "export * from './c';\nexport type B = number;\nexport const b = 1;\n",
      'c.ts': "import './a';\nexport const c = 2;\n",
    });
    expect(analyzeImportGraph(folder).cycles[0]!.imports.map((edge) => edge.typeOnly)).toEqual([false, false, false]);
  });

  it('stands each file one level above what it imports, a cycle counting as one node', () => {
    const folder = tree({
      'leaf.ts': 'export const leaf = 1;\n',
      'other-leaf.ts': 'export const otherLeaf = 1;\n',
      'x.ts': "import { leaf } from './leaf';\nimport { y } from './y';\nexport const x = () => y + leaf;\n",
      'y.ts': "import { x } from './x';\nexport const y = 2;\nexport const callX = x;\n",
      'mid.ts': "import { x } from './x';\nexport const mid = x;\n",
      'top.ts': "import { mid } from './mid';\nimport { otherLeaf } from './other-leaf';\nimport { leaf } from './leaf';\nexport const top = [mid, otherLeaf, leaf];\n",
    });
    const graph = analyzeImportGraph(folder);
    expect(graph.fileLevels).toEqual({ 'leaf.ts': 1, 'other-leaf.ts': 1, 'x.ts': 2, 'y.ts': 2, 'mid.ts': 3, 'top.ts': 4 });
    expect(graph.levels).toBe(4);
    expect(graph.longestChain).toEqual(['top.ts', 'mid.ts', ['x.ts', 'y.ts'], 'leaf.ts']);
  });

  it('resolves folders, .js specifiers and sub-folders; leaves out packages and tests', () => {
    const folder = tree({
      'app.ts': "import { z } from 'zod';\nimport { http } from './http';\nimport { db } from './db/database.js';\nexport const app = [z, http, db];\n",
      'http/index.ts': "import { db } from '../db/database';\nexport const http = db;\n",
      'db/database.ts': 'export const db = 1;\n',
      'db/database.test.ts': "import { app } from '../app';\nexport const t = app;\n",
    });
    const graph = analyzeImportGraph(folder);
    expect(graph.files).toBe(3);
    expect(graph.cycles).toEqual([]);
    expect(graph.longestChain).toEqual(['app.ts', 'http/index.ts', 'db/database.ts']);
  });

  it('fails the command only when a limit it was given is broken', () => {
    const cyclic = tree({ 'a.ts': "import type { B } from './b';\nexport type A = B;\n", 'b.ts': "import type { A } from './a';\nexport type B = A[];\n" });
    const chain = tree({ 'a.ts': "import './b';\n", 'b.ts': "import './c';\n", 'c.ts': '' });

    expect(run([cyclic]).code).toBe(0);
    const refused = run([cyclic, '--no-cycles']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('1 import cycle(s), 2 files in them');
    expect(refused.err).toContain('1 import cycle(s), none allowed');

    expect(run([chain, '--max-levels', '3', '--no-cycles']).code).toBe(0);
    const tooDeep = run([chain, '--max-levels=2']);
    expect(tooDeep.code).toBe(1);
    expect(tooDeep.err).toContain('3 levels, at most 2 allowed');

    const json = run([chain, '--json', '--max-levels', '2']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ files: 3, levels: 3, cycles: [], longestChain: ['a.ts', 'b.ts', 'c.ts'], failures: ['3 levels, at most 2 allowed'] });

    expect(run([chain, '--max-levels', 'many']).code).toBe(2);
    expect(run(['--bogus']).code).toBe(2);
  });

  it('runs as a script', () => {
    const chain = tree({ 'a.ts': "import './b';\n", 'b.ts': '' });
    const result = spawnSync(process.execPath, [script, chain, '--max-levels', '1'], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('2 level(s). Longest chain, from the top:');
  });
});

describe('the server’s import graph', () => {
  // Issue 31's target, reached: no cycle and at most 12 levels. Before, the server had 2 cycles
  // (22 files, 20 of them around http/context.ts) and 14 levels with each cycle counted as one
  // node (18 once that knot was untied). A ceiling: lower it as the structure improves, never raise it.
  const graph = analyzeImportGraph(join(root, 'packages/server/src'));

  it('has no import cycle', () => {
    expect(graph.files).toBeGreaterThan(100);
    expect(graph.cycles).toEqual([]);
  });

  it('has at most 12 levels', () => {
    expect(graph.levels, `longest chain: ${graph.longestChain.flat().join(' → ')}`).toBeLessThanOrEqual(12);
  });
});
