import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';
import type { Db } from './database';
import { DATABASE_UNAVAILABLE_MESSAGE } from './availability';
import { testApp } from '../testing/test-app';

// A real full disk: the embedded database's data folder on a small tmpfs, filled with a file.
// Mounting needs root (CI runs as root); elsewhere the test says why it did not run.
const folder = mkdtempSync(join(tmpdir(), 'sortie-disk-full-'));
function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) return 'not root: a tmpfs cannot be mounted';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m,mode=0700', 'tmpfs', folder], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount refused: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}
const notMounted = mountSmallDisk();
if (notMounted) rmSync(folder, { recursive: true, force: true });

/** Writes until the file system says ENOSPC, 1 MiB then 4 KiB at a time: not a byte left. */
function fill(path: string): void {
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 4096]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

let close: (() => Promise<void>) | null = null;
afterAll(async () => {
  await close?.();
  if (notMounted) return;
  execFileSync('umount', [folder]);
  rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(notMounted !== null)(`the embedded database on a full disk${notMounted ? ` (skipped, ${notMounted})` : ''}`, () => {
  it('/api/ready answers 503 while the disk is full, and 200 again once space is freed and a write goes through', async () => {
    const db: Db = await openDatabase({ dataDir: join(folder, 'data') });
    const started = await testApp({ db });
    close = started.close;
    const { app } = started;
    const ready = () => app.inject({ method: 'GET', url: '/api/ready' });
    const signUp = (email: string) => app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email, password: 'mot-de-passe-1', displayName: 'Lou' } });
    expect((await ready()).statusCode).toBe(200);
    expect((await signUp('avant@exemple.fr')).statusCode).toBe(201);

    const filler = join(folder, 'filler');
    fill(filler);
    // Not a byte left: a row that fits in a page already there still goes in; the first that needs a
    // new page is refused (ENOSPC), as every write soon is on a full disk.
    let refused = await signUp('plein-0@exemple.fr');
    for (let n = 1; refused.statusCode === 201 && n < 200; n++) refused = await signUp(`plein-${n}@exemple.fr`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ code: 'DATABASE_NOT_WRITABLE', message: 'La base de données refuse les écritures (disque plein ?).' });
    // Reads still work on this node; it only stops taking the load balancer's traffic.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    rmSync(filler);
    // A failed check holds 250 ms (write-check.ts): the first check after it writes, and says ready.
    let status = (await ready()).statusCode;
    for (const deadline = Date.now() + 5000; status !== 200 && Date.now() < deadline; status = (await ready()).statusCode) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await signUp('libre@exemple.fr')).statusCode).toBe(201);
  }, 60_000);
});
