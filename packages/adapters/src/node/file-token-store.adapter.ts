import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenStorePort } from '@sortie/core';

/**
 * TokenStorePort over one JSON file in the user's config folder. The file holds a session
 * cookie, so it is the user's alone: mode 0600 in a 0700 folder, written atomically.
 */
export class FileTokenStore implements TokenStorePort {
  readonly file: string;

  constructor(
    private readonly dir: string,
    fileName = 'session.json',
  ) {
    this.file = join(dir, fileName);
  }

  get(key: string): string | null {
    return this.read()[key] ?? null;
  }

  set(key: string, value: string): void {
    this.write({ ...this.read(), [key]: value });
  }

  remove(key: string): void {
    const values = this.read();
    if (!(key in values)) return;
    delete values[key];
    this.write(values);
  }

  /** Forgets everything (sign-out of the CLI). */
  clear(): void {
    rmSync(this.file, { force: true });
  }

  private read(): Record<string, string> {
    let raw: string;
    try {
      raw = readFileSync(this.file, 'utf8');
    } catch {
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      // A damaged file reads as empty: the next write replaces it.
      return {};
    }
  }

  private write(values: Record<string, string>): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
    // The umask cannot widen 0600, but an existing file keeps its old mode through rename; say it again.
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }
}
