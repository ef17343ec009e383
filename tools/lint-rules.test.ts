import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function errorsFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
}

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
