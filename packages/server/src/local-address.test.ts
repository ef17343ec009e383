import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_ADDRESS_FILE, removeLocalAddress, writeLocalAddress } from './local-address';

describe('the running server’s local address (read by `pnpm sortie` from the checkout)', () => {
  it('names the port the server listens on and this process, and is removed at a clean stop', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'sortie-address-')), 'data');
    writeLocalAddress(dataDir, 3210);
    expect(JSON.parse(readFileSync(join(dataDir, LOCAL_ADDRESS_FILE), 'utf8'))).toEqual({ url: 'http://127.0.0.1:3210', pid: process.pid });
    removeLocalAddress(dataDir);
    expect(existsSync(join(dataDir, LOCAL_ADDRESS_FILE))).toBe(false);
  });

  it('leaves the address of another server in place', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sortie-address-'));
    writeFileSync(join(dataDir, LOCAL_ADDRESS_FILE), JSON.stringify({ url: 'http://127.0.0.1:4000', pid: process.pid + 1 }));
    removeLocalAddress(dataDir);
    expect(existsSync(join(dataDir, LOCAL_ADDRESS_FILE))).toBe(true);
  });
});
