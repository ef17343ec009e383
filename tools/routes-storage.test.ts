import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 31: a routes file parses, calls a service and replies; the service owns the storage.
// A store call, the database handle or SQL in a *.routes.ts is a service's work written in the wrong room.
const root = fileURLToPath(new URL('..', import.meta.url));
const STORAGE = /\bctx\.db\b|\bdb\.(query|transaction)\b|\bstore\.\w+\(|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/;

describe('the server’s routes files', () => {
  const files = execFileSync('git', ['ls-files', 'packages/server/src/**.routes.ts'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('hold no store call, database handle or SQL', () => {
    const offending = files.flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, index) => (STORAGE.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
  });

  it('would catch one', () => {
    expect(STORAGE.test("const rows = await ctx.db.query('SELECT 1');")).toBe(true);
    expect(STORAGE.test("await store.get('events', id);")).toBe(true);
    expect(STORAGE.test("reply.header('cache-control', 'no-store');")).toBe(false);
  });
});
