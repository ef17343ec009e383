import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function errorsFor(filePath: string, code: string, ruleId = 'no-restricted-imports') {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId);
}

// Two new web features, made before the first lint: the config reads the feature folders when
// it loads (once per process), so the tests also prove that a new feature is fenced in at once.
// What a file imports must exist on disk; the importing file itself is linted as text.
const features = join(root, 'packages/web/src/features');
let a = '';
let b = '';
beforeAll(async () => {
  a = await mkdtemp(join(features, 'lint-fixture-a-'));
  b = await mkdtemp(join(features, 'lint-fixture-b-'));
  await writeFile(join(a, 'a.ts'), 'export const a = 1;\n');
  await writeFile(join(b, 'b.ts'), 'export const b = 2;\n');
});
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('the dependency rule of ARCHITECTURE.md', () => {
  it.each([
    ["import React from 'react';"],
    ["import { initializeApp } from 'firebase/app';"],
    ["import { io } from 'socket.io-client';"],
    ["import { ofetch } from 'ofetch';"],
    ["import { readFile } from 'node:fs/promises';"],
    ["import { readFile } from 'fs';"],
    ["import { http } from '@sortie/adapters';"],
  ])('refuses %s inside core', async (code) => {
    expect((await errorsFor('packages/core/src/domain/example.ts', `${code}\nexport {};\n`)).length).toBeGreaterThan(0);
  });

  it('lets core import zod and inversify', async () => {
    const code = "import { z } from 'zod';\nimport { injectable } from 'inversify';\nexport const s = z.string(); export const i = injectable;\n";
    expect(await errorsFor('packages/core/src/domain/example.ts', code)).toHaveLength(0);
  });

  it('refuses the web app inside adapters and the adapters inside the server', async () => {
    expect(await errorsFor('packages/adapters/src/example.ts', "import x from '@sortie/web';\nexport { x };\n")).toHaveLength(1);
    expect(await errorsFor('packages/server/src/example.ts', "import x from '@sortie/adapters';\nexport { x };\n")).toHaveLength(1);
  });
});

describe('the web app’s download', () => {
  it('refuses OPERATIONS in a page, and lets it call through OPERATION_ROUTES', async () => {
    const file = 'packages/web/src/pages/Example.tsx';
    const [refusal] = await errorsFor(file, "import { OPERATIONS } from '@sortie/core';\nexport const o = OPERATIONS;\n");
    expect(refusal?.message).toContain('OPERATION_ROUTES');
    expect(await errorsFor(file, "import { OPERATION_ROUTES } from '@sortie/core';\nexport const o = OPERATION_ROUTES;\n")).toHaveLength(0);
  });
});

describe('the house rules of the web app', () => {
  const nameOf = (folder: string) => folder.split(/[\\/]/).pop()!;
  const inB = () => join(b, 'Example.tsx');
  const zones = (filePath: string, code: string) => errorsFor(filePath, `${code}\nexport { x };\n`, 'import-x/no-restricted-paths');

  it('refuses an import from another feature', async () => {
    expect(await zones(inB(), `import { a as x } from '../${nameOf(a)}/a';`)).toHaveLength(1);
  });

  it('refuses a page or the app shell inside a feature', async () => {
    expect(await zones(inB(), "import x from '../../pages/HomePage';")).toHaveLength(1);
    expect(await zones(inB(), "import { App as x } from '../../app/App';")).toHaveLength(1);
  });

  it('refuses a feature, a page or the app shell inside shared code', async () => {
    expect(await zones('packages/web/src/components/Example.tsx', `import { a as x } from '../features/${nameOf(a)}/a';`)).toHaveLength(1);
    expect(await zones('packages/web/src/data/Example.tsx', "import x from '../pages/HomePage';")).toHaveLength(1);
    expect(await zones('packages/web/src/layouts/Example.tsx', "import { App as x } from '../app/App';")).toHaveLength(1);
  });

  it('lets a feature import its own files and the shared folders', async () => {
    const code = "import { b } from './b';\nimport { Icon } from '../../components/Icon';\nimport { useQuery } from '../../data/useQuery';\nconst x = [b, Icon, useQuery];";
    expect(await zones(inB(), code)).toHaveLength(0);
  });
});

describe('import cycles', () => {
  let folder = '';
  beforeAll(async () => {
    // Inside the lint's scope (packages/*/src), removed afterwards; the two files import each other.
    folder = await mkdtemp(join(root, 'packages/web/src/lint-fixture-'));
    await writeFile(join(folder, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    await writeFile(join(folder, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    await writeFile(join(folder, 'c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const cycles = async (file: string) => {
    const [result] = await eslint.lintFiles([join(folder, file)]);
    return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle');
  };

  it('fails on a new cycle', async () => {
    expect(await cycles('a.ts')).toHaveLength(1);
    expect(await cycles('b.ts')).toHaveLength(1);
  });

  it('lets a file import one side of a cycle it is not part of', async () => {
    expect(await cycles('c.ts')).toHaveLength(0);
  });
});

describe('French formatting in one place (core/src/domain/french-format.ts)', () => {
  const syntax = (filePath: string, code: string) => errorsFor(filePath, code, 'no-restricted-syntax');

  it.each([
    ['packages/web/src/features/example/Example.tsx'],
    ['packages/server/src/example/example.ts'],
    ['packages/cli/src/actions/example.ts'],
    ['packages/adapters/src/example.ts'],
    ['packages/core/src/domain/opening-hours.ts'],
  ])('refuses a date format of its own, the time zone in letters and accent folding in %s', async (file) => {
    const [format] = await syntax(file, "export const f = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short' });\n");
    expect(format?.message).toContain('french-format.ts');
    expect(await syntax(file, "export const f = Intl.DateTimeFormat('fr-FR');\n")).toHaveLength(1);
    expect(await syntax(file, "export const f = (d: Date) => [d.toLocaleDateString('fr-FR'), d.toLocaleTimeString('fr-FR')];\n")).toHaveLength(2);
    const [zone] = await syntax(file, "export const zone = 'Europe/Paris';\n");
    expect(zone?.message).toContain('TIME_ZONE');
    expect(await syntax(file, 'export const zone = `Europe/Paris`;\n')).toHaveLength(1);
    const [fold] = await syntax(file, "export const fold = (s: string) => s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '');\n");
    expect(fold?.message).toContain('foldAccents');
  });

  it('lets callers use core’s functions and constants, and other normalisations', async () => {
    const code = "import { formatDateTime, foldAccents, TIME_ZONE } from '@sortie/core';\nexport const x = [formatDateTime(0), foldAccents('É'), TIME_ZONE, 'é'.normalize('NFC'), new Intl.NumberFormat('fr-FR')];\n";
    expect(await syntax('packages/web/src/features/example/Example.tsx', code)).toHaveLength(0);
  });

  it('allows each only where it lives: formats in french-format.ts, date parts in paris-time.ts, the zone in constants.ts', async () => {
    const format = "export const f = new Intl.DateTimeFormat('fr-FR');\n";
    const zone = "export const zone = 'Europe/Paris';\n";
    const fold = "export const fold = (s: string) => s.normalize('NFD');\n";
    for (const code of [format, zone, fold]) expect(await syntax('packages/core/src/domain/french-format.ts', code)).toHaveLength(0);
    expect(await syntax('packages/core/src/domain/paris-time.ts', format)).toHaveLength(0);
    expect(await syntax('packages/core/src/domain/paris-time.ts', zone)).toHaveLength(1);
    expect(await syntax('packages/core/src/domain/paris-time.ts', fold)).toHaveLength(1);
    expect(await syntax('packages/core/src/domain/constants.ts', zone)).toHaveLength(0);
    expect(await syntax('packages/core/src/domain/constants.ts', format)).toHaveLength(1);
    expect(await syntax('packages/core/src/domain/constants.ts', fold)).toHaveLength(1);
  });
});

describe('web data access in one place (src/data, issue 31)', () => {
  const syntax = (filePath: string, code: string) => errorsFor(filePath, code, 'no-restricted-syntax');
  const screens = [['packages/web/src/pages/Example.tsx'], ['packages/web/src/features/example/Example.tsx'], ['packages/web/src/components/Example.tsx']];

  it.each(screens)('refuses the product API in %s', async (file) => {
    const [port] = await syntax(file, "import { ProductApiPort } from '@sortie/core';\nexport const p = ProductApiPort;\n");
    expect(port?.message).toContain('src/data');
    expect(await syntax(file, "import type { ProductApiPort } from '@sortie/core';\nexport type P = ProductApiPort;\n")).toHaveLength(1);
  });

  it.each(screens)('refuses an inline query and a call of the product API in %s', async (file) => {
    // The import and the call.
    expect(await syntax(file, "import { useApiQuery } from '../../data/useApiQuery';\nexport const q = () => useApiQuery('k', async () => 1);\n")).toHaveLength(2);
    expect(await syntax(file, "export const save = (api: { call(x: string): void }) => api.call('updateMyProfile');\n")).toHaveLength(1);
    // Whatever the port is named, an operation of the table handed to one of its methods.
    expect(await syntax(file, "import { OPERATION_ROUTES } from '@sortie/core';\nexport const f = (port: { call(o: unknown): void }) => port.call(OPERATION_ROUTES.mySessions);\n")).toHaveLength(1);
    // A query definition written in place.
    expect(await syntax(file, "export const q = { key: ['me', 'sessions'], load: (port: { me(): void }) => port.me() };\n")).toHaveLength(1);
  });

  it('lets a screen use the named hooks of src/data, core’s queries, links of the table and the French-format rule still', async () => {
    const file = 'packages/web/src/features/example/Example.tsx';
    const code = [
      "import { meQueries, operationPath, OPERATION_ROUTES } from '@sortie/core';",
      "import { useQuery } from '../../data/useQuery';",
      "import { useAccountWrites, useMySessions } from '../../data/account';",
      'export const useX = () => [useMySessions(), useQuery(meQueries.like(\'e1\')), useAccountWrites().endSession(\'s1\'), operationPath(OPERATION_ROUTES.exportMyData)];',
      '',
    ].join('\n');
    expect(await syntax(file, code)).toHaveLength(0);
    expect(await syntax(file, "export const f = new Intl.DateTimeFormat('fr-FR');\n")).toHaveLength(1);
  });

  it('leaves src/data itself, tests and test helpers free to reach the product API', async () => {
    const code = "import { OPERATION_ROUTES, type ProductApiPort } from '@sortie/core';\nimport { useApiQuery } from './useApiQuery';\nexport const useS = () => useApiQuery('s', (api: ProductApiPort) => api.call(OPERATION_ROUTES.mySessions));\n";
    expect(await syntax('packages/web/src/data/example.ts', code)).toHaveLength(0);
    expect(await syntax('packages/web/src/features/example/Example.test.tsx', code.replace("'./useApiQuery'", "'../../data/useApiQuery'"))).toHaveLength(0);
    expect(await syntax('packages/web/src/features/example/testing.ts', "export const f = (api: { answer(x: string): void }) => api.answer('request');\n")).toHaveLength(0);
  });
});
