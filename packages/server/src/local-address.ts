import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldOf } from './unknown-value';

/**
 * Where a running server says on which address it answers on this machine: a file of its data
 * folder, so that `pnpm sortie` run from the same checkout talks to the server that checkout
 * started, whatever its PORT (tools/sortie.mjs reads it).
 */
export const LOCAL_ADDRESS_FILE = 'sortie.address.json';

export interface LocalAddress {
  url: string;
  pid: number;
}

export function writeLocalAddress(dataDir: string, port: number): void {
  const address: LocalAddress = { url: `http://127.0.0.1:${port}`, pid: process.pid };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, LOCAL_ADDRESS_FILE), `${JSON.stringify(address)}\n`);
}

/** Removed at a clean stop; a file left by a killed server names a dead pid, which readers ignore. */
export function removeLocalAddress(dataDir: string): void {
  try {
    const address: unknown = JSON.parse(readFileSync(join(dataDir, LOCAL_ADDRESS_FILE), 'utf8'));
    if (fieldOf(address, 'pid') === process.pid) rmSync(join(dataDir, LOCAL_ADDRESS_FILE), { force: true });
  } catch {
    // absent or unreadable: nothing of ours to remove
  }
}
