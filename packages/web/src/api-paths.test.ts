import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
/** Read before the container exists (main.tsx fetches the runtime config first), so it cannot go through ProductApiPort. */
const ALLOWED = new Set(['web/src/services/runtime-config.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of `text` that write an API path: a request('GET', …) call or an '/api/…' string. */
export function pathStrings(text: string): string[] {
  return text.split('\n').filter((line) => /\.request(<.*>)?\(\s*'(GET|POST|PUT|PATCH|DELETE)'/.test(line) || /[`'"]\/api\//.test(line));
}

describe('the web, the CLI and core’s use cases write no API path (they call core’s contract table through api.call)', () => {
  it('finds none in packages/web/src, packages/cli/src and core’s use cases and queries outside tests', () => {
    const found = [...sources(join(root, 'web/src')), ...sources(join(root, 'cli/src')), ...sources(join(root, 'core/src/use-cases')), ...sources(join(root, 'core/src/queries'))]
      .filter((file) => !ALLOWED.has(relative(root, file)))
      .flatMap((file) => pathStrings(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    expect(pathStrings("api.request<Page<X>>('GET', `/me/likes`)\nconst a = `/api/forms/${id}`;\napi.call(OPERATIONS.me)")).toHaveLength(2);
  });
});
