// The contracts of TokenStorePort and CookiePort (@sortie/core/testing) on the CLI's node adapters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vitest from 'vitest';
import { cookieContract, tokenStoreContract } from '@sortie/core/testing';
import { FileTokenStore } from './file-token-store.adapter';
import { MemoryCookieAdapter } from './memory-cookie.adapter';

tokenStoreContract(vitest, 'FileTokenStore over a file in a temporary folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sortie-token-store-'));
  return { store: new FileTokenStore(join(dir, 'config')), reopen: () => new FileTokenStore(join(dir, 'config')), teardown: () => rmSync(dir, { recursive: true, force: true }) };
});

cookieContract(vitest, 'MemoryCookieAdapter', () => ({ cookies: new MemoryCookieAdapter() }));
