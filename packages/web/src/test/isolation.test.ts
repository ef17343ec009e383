import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from '../../vitest.config.ts';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the web test project, whose files share their modules (isolate: false)', () => {
  it('runs every file that mocks a module with vi.mock in web-isolated instead', () => {
    const testFiles = readdirSync(resolve(WEB, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.test\.tsx?$/.test(path))
      .map((path) => `src/${path.replaceAll('\\', '/')}`);
    const mocking = testFiles.filter((path) => /\bvi\.(do)?mock\(/.test(readFileSync(resolve(WEB, path), 'utf8')));
    expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
  });
});
